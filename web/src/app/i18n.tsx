/**
 * i18n boot (document 1 section 1): the shared pt/en/es resources; the language stored under
 * i18nextLng wins, else the browser's languages (a pt-BR browser opens in Portuguese), else
 * English. Detection is not stored: only a choice is. The html lang attribute and the date and
 * number formats follow the language.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { createI18nWith, DEFAULT_LANGUAGE, LANGUAGES, webResources, type Language } from '@atende/shared';
import { setFormatLocale } from '../ui/format.js';
import { STORAGE_KEYS } from './storage.js';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** One of ours from a tag such as "pt-BR", else English. */
export function pickLanguage(tag: string | null | undefined): Language {
  const base = tag?.slice(0, 2).toLowerCase() ?? null;
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
}

/** "pt-BR" is pt; tags of other languages stay as they are, so that a later one of ours can match. */
function ourBase(tag: string): string {
  const base = tag.slice(0, 2).toLowerCase();
  return isLanguage(base) ? base : tag;
}

export function createDetector(): LanguageDetector {
  return new LanguageDetector(undefined, { order: ['localStorage', 'navigator'], lookupLocalStorage: STORAGE_KEYS.language, caches: [], convertDetectedLanguage: ourBase });
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [i18n] = useState(() => {
    const instance = createI18nWith(webResources(), createDetector());
    // Before the first render, so that no screen shows a date in another format first.
    setFormatLocale(pickLanguage(instance.language));
    return instance;
  });
  useEffect(() => {
    const apply = (lang: string) => {
      document.documentElement.setAttribute('lang', lang);
      setFormatLocale(pickLanguage(lang));
    };
    apply(i18n.language);
    i18n.on('languageChanged', apply);
    return () => i18n.off('languageChanged', apply);
  }, [i18n]);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
