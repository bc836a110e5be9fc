/**
 * API keys are stored sealed and answered masked: the first characters of a long key (its kind,
 * `sk-`) and at most its last four, never more than a quarter of it. A form that sends the mask
 * back leaves the stored key as it is.
 */
import type { Sealer } from '../../platform/sealing.js';

export function maskApiKey(key: string): string {
  const tail = Math.min(4, Math.floor(key.length / 4));
  const head = key.length >= 16 ? 3 : 0;
  return `${key.slice(0, head)}...${tail > 0 ? key.slice(-tail) : ''}`;
}

/** The key to use: the sealed one opened, or a key stored before sealing (plain). Null when it cannot be opened. */
export function openApiKey(sealer: Sealer, stored: string): string | null {
  if (!stored) return null;
  return stored.startsWith('v1:') ? sealer.open(stored) : stored;
}
