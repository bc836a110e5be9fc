/** Browser storage keys of document 1 section 3, and reads that never throw (private modes, quotas). */
export const STORAGE_KEYS = {
  session: 'session',
  companyId: 'companyId',
  userId: 'userId',
  volume: 'volume',
  language: 'i18nextLng',
  theme: 'preferredTheme',
  cshow: 'cshow',
  /** The composer signs with the agent's name (on unless turned off). */
  signOption: 'signOption',
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

/** What belongs to the device, not to the account: kept when a session is thrown out. */
const DEVICE_KEYS: ReadonlySet<string> = new Set([STORAGE_KEYS.language, STORAGE_KEYS.theme, STORAGE_KEYS.volume]);

/**
 * Forgets everything the account left in this browser (session, ids, cshow, filters, to-do
 * tasks...) but the device's language, theme and volume: the account was opened elsewhere.
 */
export function clearAccountStorage(): void {
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, index) => window.localStorage.key(index)).filter((key): key is string => key !== null);
    for (const key of keys) if (!DEVICE_KEYS.has(key)) window.localStorage.removeItem(key);
  } catch {
    // Storage refused: nothing was kept there either.
  }
}

