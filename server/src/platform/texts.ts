/** Server-side texts: the English catalogue of the shared i18n resources. */
import { createI18n, ERROR_TEXT_VALUES, type ErrorCode } from '@atende/shared';

const i18n = createI18n('en');

export function errorText(code: ErrorCode): string {
  return i18n.t(`errors.${code}`, ERROR_TEXT_VALUES);
}
