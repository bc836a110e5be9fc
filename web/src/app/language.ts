import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@atende/shared';
import { useErrorToast } from '../ui/toast.js';
import { useApi } from './api.js';
import { pickLanguage } from './i18n.js';
import { STORAGE_KEYS, writeStorage } from './storage.js';

/**
 * The interface language: switched at once, kept under i18nextLng, and stored on the user's
 * account when someone is signed in (POST /users/set-language/{lang}).
 */
export function useLanguage(): { language: Language; change(language: Language): void; adopt(language: Language | null): void } {
  const { i18n } = useTranslation();
  const { api, user } = useApi();
  const showError = useErrorToast();

  const adopt = useCallback(
    (language: Language | null) => {
      if (!language || language === i18n.language) return;
      writeStorage(STORAGE_KEYS.language, language);
      void i18n.changeLanguage(language);
    },
    [i18n],
  );

  const change = useCallback(
    (language: Language) => {
      adopt(language);
      if (user) api.users.setLanguage(language).catch(showError);
    },
    [adopt, api, user, showError],
  );

  return { language: pickLanguage(i18n.language), change, adopt };
}
