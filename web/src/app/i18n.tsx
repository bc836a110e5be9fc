/**
 * i18n boot (document 1 section 1): the shared pt/en/es resources; the language stored under
 * i18nextLng wins, else the first of the browser's languages that is ours (a pt-BR browser opens
 * in Portuguese), else English (a German or French browser too). Detection is not stored: only a choice is. The html lang attribute and the date and
 * number formats follow the language. Each language's texts are downloaded when the console first
 * shows it (the first screen waits for them; a switch of language too), never the three at once.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { DEFAULT_LANGUAGE, LANGUAGES, webTexts, type Language } from '@atende/shared';
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

/** The last source of a language: the spec's default, so that no browser is left without one. */
const DEFAULT_SOURCE = 'atendeDefault';

export function createDetector(): LanguageDetector {
  const detector = new LanguageDetector(undefined, { order: ['localStorage', 'navigator', DEFAULT_SOURCE], lookupLocalStorage: STORAGE_KEYS.language, caches: [], convertDetectedLanguage: ourBase });
  detector.addDetector({ name: DEFAULT_SOURCE, lookup: () => DEFAULT_LANGUAGE });
  return detector;
}

/** i18next's loader of a language's texts (every language has every key: no fallback is loaded). */
const webTextsBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    webTexts(pickLanguage(language)).then(
      (texts) => callback(null, texts),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

export function createConsoleI18n(): I18n {
  const instance = i18next.createInstance();
  instance.use(webTextsBackend).use(createDetector());
  void instance.init({
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: false,
    load: 'languageOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    // React and the terminal escape on output themselves; escaping here would double it.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [i18n] = useState(createConsoleI18n);
  const [ready, setReady] = useState(() => i18n.isInitialized && i18n.hasLoadedNamespace('translation'));
  useEffect(() => {
    const apply = (lang: string) => {
      document.documentElement.setAttribute('lang', lang);
      setFormatLocale(pickLanguage(lang));
    };
    const loaded = () => {
      apply(i18n.language ?? DEFAULT_LANGUAGE);
      setReady(true);
    };
    if (i18n.isInitialized && i18n.hasLoadedNamespace('translation')) loaded();
    else i18n.on('initialized', loaded);
    i18n.on('languageChanged', apply);
    return () => {
      i18n.off('initialized', loaded);
      i18n.off('languageChanged', apply);
    };
  }, [i18n]);
  // The texts of the first screen arrive with it (a few milliseconds): nothing is drawn untranslated.
  return ready ? <I18nextProvider i18n={i18n}>{children}</I18nextProvider> : null;
}
