/**
 * Texts a lazily loaded page brings with it (shared exports them apart from the console's
 * texts), so that the console's first load does not carry them: added under `web` before the
 * page's first render, for each language whose texts the console has loaded, and for a language
 * loaded while the page is open (a bundle added to a language not loaded yet would make i18next
 * take that language for loaded).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@atende/shared';

export function usePageTexts(texts: Record<Language, Record<string, unknown>>): void {
  const { i18n } = useTranslation();
  const add = (language: string) => {
    const page = texts[language as Language];
    if (page && i18n.hasResourceBundle(language, 'translation')) i18n.addResourceBundle(language, 'translation', { web: page }, true, false);
  };
  useState(() => {
    for (const language of Object.keys(texts)) add(language);
    return true;
  });
  useEffect(() => {
    const loaded = (languages: Record<string, string[]>) => {
      for (const language of Object.keys(languages)) add(language);
    };
    i18n.on('loaded', loaded);
    return () => i18n.off('loaded', loaded);
  });
}
