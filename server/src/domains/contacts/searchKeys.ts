/**
 * What contacts are found by (their `searchKeys`), so that the contacts list and text searches read
 * small buckets by key instead of the whole company (FerretDB has no $text and evaluates regular
 * expressions in its own process after fetching):
 * - `^<cc>`: the first two characters of the folded name: the name-ordered list is read prefix by
 *   prefix (directory.ts counts the contacts of each prefix);
 * - `@<yyyy-mm-dd>`: the day of creation (the list's date filters);
 * - `<b><ggg>`: each three-character piece of the folded name, the number's digits and the e-mail,
 *   behind the name's bucket `b` (see bucketOf): a search reads a piece's buckets in name order.
 */
import { foldText } from '../../platform/database/models.js';

export interface Searchable {
  nameKey: string;
  number: string;
  email?: string | null;
  createdAt: Date;
}

/** The name buckets in name order: the order of the folded names' first characters, coarsened. */
export const NAME_BUCKETS = ['!', ...'0123456789', '@', ...'abcdefghijklmnopqrstuvwxyz', '~'];

/** A folded name's bucket: its first character when a digit or letter, else one for what sorts before, between or after. */
export function bucketOf(nameKey: string): string {
  const first = nameKey[0] ?? '~';
  if ((first >= '0' && first <= '9') || (first >= 'a' && first <= 'z')) return first;
  if (first < '0') return '!';
  return first < 'a' ? '@' : '~';
}

/** The pieces of three characters of a text. */
export function piecesOf(text: string): string[] {
  const pieces: string[] = [];
  for (let i = 0; i + 3 <= text.length; i++) pieces.push(text.slice(i, i + 3));
  return pieces;
}

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

export function dayKey(day: string): string {
  return `@${day}`;
}

export function prefixKey(prefix: string): string {
  return `^${prefix}`;
}

export function searchKeysOf(contact: Searchable): string[] {
  const bucket = bucketOf(contact.nameKey);
  const pieces = new Set([...piecesOf(contact.nameKey), ...piecesOf(digitsOf(contact.number)), ...piecesOf(foldText(contact.email ?? ''))]);
  return [prefixKey(contact.nameKey.slice(0, 2)), dayKey(contact.createdAt.toISOString().slice(0, 10)), ...[...pieces].map((piece) => `${bucket}${piece}`)];
}

// How common each character is in names and addresses (Portuguese and Spanish first): the rarest
// piece of a search text matches the fewest contacts, so its buckets are the ones read.
const COMMON = 'aeosrindmutclpvgqbfhzjxkwy';

function commonness(char: string): number {
  const rank = COMMON.indexOf(char);
  if (rank >= 0) return COMMON.length - rank;
  if (char === ' ') return COMMON.length + 1;
  return char >= '0' && char <= '9' ? 8 : 1;
}

/** The piece of a (folded) search text that the fewest contacts should have. */
export function rarestPiece(text: string): string | null {
  const pieces = piecesOf(text);
  if (pieces.length === 0) return null;
  const score = (piece: string) => [...piece].reduce((sum, char) => sum + commonness(char), 0);
  return pieces.reduce((best, piece) => (score(piece) < score(best) ? piece : best));
}
