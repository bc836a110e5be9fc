import { DEFAULT_VOLUME } from '../constants.js';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage.js';

/** The notification volume stored under `volume` (0 to 1). */
export function storedVolume(): number {
  const value = Number.parseFloat(readStorage(STORAGE_KEYS.volume) ?? '');
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : DEFAULT_VOLUME;
}

export function storeVolume(volume: number): void {
  writeStorage(STORAGE_KEYS.volume, String(Math.round(Math.min(1, Math.max(0, volume)) * 10) / 10));
}
