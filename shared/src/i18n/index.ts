/** i18next resources shared by web, tui and cli, and the two helpers every client needs. */
import i18next, { type i18n, type LanguageDetectorModule } from 'i18next';
import type { Language } from '../domain/enums.js';
import { LANGUAGES } from '../domain/enums.js';
import { ERROR_TEXT_VALUES, errorKey, isErrorCode } from '../errors/catalogue.js';
import { en, enCommon } from './en.js';
import { es, esCommon } from './es.js';
import { pt, ptCommon, type CommonTranslation, type Translation } from './pt.js';
import { webEn } from './web/en.js';
import { webEs } from './web/es.js';
import { webPt, type WebTranslation } from './web/pt.js';

export type { CommonTranslation, Translation, WebTranslation };
export { webTexts, type WebTexts } from './webTexts.js';
export { en, es, pt };

/** i18next resources: one translation tree per language. */
export type Resources = Record<Language, { translation: object }>;

export const resources: Record<Language, { translation: Translation }> = {
  pt: { translation: pt },
  en: { translation: en },
  es: { translation: es },
};

/** The texts every program shows plus the web console's own, every language at once (tests; the console loads one language at a time: webTexts.ts). */
export function webResources(): Record<Language, { translation: CommonTranslation & { web: WebTranslation } }> {
  return {
    pt: { translation: { ...ptCommon, web: webPt } },
    en: { translation: { ...enCommon, web: webEn } },
    es: { translation: { ...esCommon, web: webEs } },
  };
}

/** Document 1 section 1: English when no language was chosen. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** A ready (synchronously initialised) i18next instance of its own, so callers never share state. */
export function createI18n(lang: Language = DEFAULT_LANGUAGE): i18n {
  return createI18nWith(resources, lang);
}

/**
 * The same, over a subset of the resources (see `webResources`); given a detector instead of a
 * language, the detector's best supported match ("pt-BR" -> pt), else English.
 */
export function createI18nWith(texts: Resources, lang: Language | LanguageDetectorModule = DEFAULT_LANGUAGE): i18n {
  const instance = i18next.createInstance();
  if (typeof lang !== 'string') instance.use(lang);
  void instance.init({
    lng: typeof lang === 'string' ? lang : undefined,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    resources: texts,
    initAsync: false,
    // React and the terminal escape on output themselves; escaping here would double it.
    interpolation: { escapeValue: false },
  });
  return instance;
}

/**
 * Text of a server error code (document 1 section 8): the catalogue text when there is one,
 * otherwise the raw text the server sent (fallback), otherwise the code itself.
 */
export function translateError(instance: i18n, code: string, fallback?: string): string {
  if (isErrorCode(code)) return instance.t(errorKey(code), ERROR_TEXT_VALUES);
  return fallback || code;
}
