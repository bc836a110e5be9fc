/** Browser storage keys of document 1 section 3, and reads that never throw (private modes, quotas). */
export const STORAGE_KEYS = {
  session: 'session',
  companyId: 'companyId',
  userId: 'userId',
  volume: 'volume',
  language: 'i18nextLng',
  theme: 'preferredTheme',
  cshow: 'cshow',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (quota, private mode): the choice lasts for this page only.
  }
}
