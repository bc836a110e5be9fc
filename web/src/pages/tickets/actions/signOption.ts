/**
 * signOption (document 1, browser storage; on unless turned off): the composer sends with the
 * agent's name in bold before the text. Kept per browser, as the spec keeps it.
 */
import { useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../app/storage.js';

export function useSignOption(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => readStorage(STORAGE_KEYS.signOption) !== 'false');
  const change = (value: boolean) => {
    writeStorage(STORAGE_KEYS.signOption, String(value));
    setOn(value);
  };
  return [on, change];
}
