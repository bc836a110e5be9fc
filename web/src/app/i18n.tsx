/**
 * i18n boot (document 1 section 1): the shared pt/en/es resources, the language stored under
 * i18nextLng, English when none was chosen. The html lang attribute follows the language.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18nWith, DEFAULT_LANGUAGE, LANGUAGES, webResources, type Language } from '@atende/shared';
import { readStorage, STORAGE_KEYS } from './storage.js';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice when it is one of ours (i18next may also store "pt-BR"), else English. */
export function pickLanguage(stored: string | null): Language {
  const base = stored?.slice(0, 2).toLowerCase() ?? null;
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [i18n] = useState(() => createI18nWith(webResources(), pickLanguage(readStorage(STORAGE_KEYS.language))));
  useEffect(() => {
    const apply = (lang: string) => document.documentElement.setAttribute('lang', lang);
    apply(i18n.language);
    i18n.on('languageChanged', apply);
    return () => i18n.off('languageChanged', apply);
  }, [i18n]);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
