/**
 * Secrets kept in the database (the SMTP password, integration API keys) are sealed with
 * AES-256-GCM under the configuration's secretKey, so a copy of the database alone does not
 * reveal them. Sealed text: `v1:` + base64 of the 12-byte nonce, the 16-byte tag and the cipher text.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'v1:';

export interface Sealer {
  seal(plain: string): string;
  /** The plain text, or null when the value was sealed under another key or altered. */
  open(sealed: string): string | null;
}

export function createSealer(secretKey: string): Sealer {
  const key = createHash('sha256').update(secretKey).digest();
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) return null;
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
      if (raw.length < 28) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
