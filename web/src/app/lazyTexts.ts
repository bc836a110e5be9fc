/**
 * Texts a lazily loaded page brings with it (shared exports them apart from webResources), so
 * that the console's first load does not carry them: added under `web` in every language before
 * the page's first render.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@atende/shared';

export function usePageTexts(texts: Record<Language, Record<string, unknown>>): void {
  const { i18n } = useTranslation();
  useState(() => {
    for (const [language, page] of Object.entries(texts)) i18n.addResourceBundle(language, 'translation', { web: page }, true, false);
    return true;
  });
}
