/** The inbox's texts: one shared i18next instance per language, handed down by context. */
import { createI18n, type Language } from '@atende/shared';
import { createContext, useContext, type ReactNode } from 'react';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface Texts {
  language: Language;
  i18n: ReturnType<typeof createI18n>;
  t: Translate;
}

const TextsContext = createContext<Texts | null>(null);

export function textsFor(language: Language): Texts {
  const i18n = createI18n(language);
  return { language, i18n, t: (key, options) => i18n.t(key, options) };
}

export function TextsProvider({ texts, children }: { texts: Texts; children: ReactNode }) {
  return <TextsContext.Provider value={texts}>{children}</TextsContext.Provider>;
}

export function useTexts(): Texts {
  const texts = useContext(TextsContext);
  if (!texts) throw new Error('useTexts outside TextsProvider');
  return texts;
}
