/**
 * Addresses of stored media that only those the server gave them to can use (issue 22): the API
 * hands out `/public/{companyId}/{file}?expires=…&signature=…` only in answers and pushes the
 * caller may see (a ticket's messages, their quick messages, announcements), and the media route
 * serves a file only for a valid, unexpired signature. A link stays the same for a window of
 * 12 hours (browsers cache it) and works for 12 to 24 hours; older messages get a fresh link each
 * time they are listed. Every node signs with a key derived from JWT_SECRET, so links work
 * across nodes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const WINDOW_MS = 12 * 3_600_000;
let key: Buffer | null = null;

export function configureMediaLinks(secret: string): void {
  key = createHmac('sha256', secret).update('atende media links').digest();
}

function signatureOf(companyId: string, fileName: string, expires: number): string {
  if (!key) throw new Error('media links are not configured: call configureMediaLinks(secret) first');
  return createHmac('sha256', key).update(`${companyId}/${fileName}/${expires}`).digest('base64url');
}

/** When a link minted now stops working: the end of the next window. */
export function linkExpiry(now = Date.now()): number {
  return (Math.floor(now / WINDOW_MS) + 2) * WINDOW_MS;
}

export function signedMediaUrl(companyId: string, fileName: string, now = Date.now()): string {
  const expires = linkExpiry(now);
  return `/public/${companyId}/${fileName}?expires=${expires}&signature=${signatureOf(companyId, fileName, expires)}`;
}

/** The link's expiry (ms) when its signature is right and it has not expired; null otherwise. */
export function verifiedLink(companyId: string, fileName: string, expires: unknown, signature: unknown, now = Date.now()): number | null {
  const at = typeof expires === 'string' && /^\d{1,15}$/.test(expires) ? Number(expires) : NaN;
  if (!Number.isFinite(at) || at <= now || typeof signature !== 'string') return null;
  const expected = Buffer.from(signatureOf(companyId, fileName, at));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? at : null;
}
