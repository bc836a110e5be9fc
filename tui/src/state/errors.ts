/**
 * The text of a failed call (document 1 section 8): the catalogue text of the ERR_ code (the
 * expiry date for an expired subscription), or the unreachable-server text.
 */
import { translateError } from '@atende/shared';
import { ApiError, NetworkError } from '@atende/shared/client';
import type { Texts } from '../app/i18n.js';
import { longDate } from '../format/time.js';

export function describeError({ i18n, t }: Texts, error: unknown, server: string): string {
  if (error instanceof ApiError) {
    const dueDate = error.data.dueDate;
    if (error.code === 'ERR_SUBSCRIPTION_EXPIRED' && typeof dueDate === 'string') return t('auth.subscriptionExpired', { date: longDate(dueDate) });
    return translateError(i18n, error.code, error.message);
  }
  if (error instanceof NetworkError) return t('tui.networkError', { server });
  return error instanceof Error ? error.message : String(error);
}
