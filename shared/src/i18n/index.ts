/** i18next resources shared by web, tui and cli, and the two helpers every client needs. */
import i18next, { type i18n } from 'i18next';
import type { Language } from '../domain/enums.js';
import { LANGUAGES } from '../domain/enums.js';
import { errorKey, isErrorCode } from '../errors/catalogue.js';
import { en } from './en.js';
import { es } from './es.js';
import { pt, type Translation } from './pt.js';

export type { Translation };
export { en, es, pt };

export const resources: Record<Language, { translation: Translation }> = {
  pt: { translation: pt },
  en: { translation: en },
  es: { translation: es },
};

/** Document 1 section 1: English when no language was chosen. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** A ready (synchronously initialised) i18next instance of its own, so callers never share state. */
export function createI18n(lang: Language = DEFAULT_LANGUAGE): i18n {
  const instance = i18next.createInstance({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources,
    initAsync: false,
    // React and the terminal escape on output themselves; escaping here would double it.
    interpolation: { escapeValue: false },
  });
  void instance.init();
  return instance;
}

/**
 * Text of a server error code (document 1 section 8): the catalogue text when there is one,
 * otherwise the raw text the server sent (fallback), otherwise the code itself.
 */
export function translateError(instance: i18n, code: string, fallback?: string): string {
  if (isErrorCode(code)) return instance.t(errorKey(code));
  return fallback || code;
}
