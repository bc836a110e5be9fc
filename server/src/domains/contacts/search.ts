/**
 * Reading contacts without reading the company: the name-ordered list by name prefix (the
 * directory says how many contacts each prefix has, so a page reads only its prefixes), a text
 * search by the rarest three-character piece of the text, bucket after bucket in name order until
 * the page is full, and date filters by day (searchKeys.ts). Text is matched accent- and
 * case-insensitively on the name, and on the number and e-mail.
 */
import type { QueryFilter } from 'mongoose';
import { numberKeyOf } from '@atende/shared';
import { foldText, searchRegex } from '../../platform/database/models.js';
import { namePrefixes } from './directory.js';
import { ContactModel, type ContactDoc } from './model.js';
import { dayKey, digitsOf, NAME_BUCKETS, prefixKey, rarestPiece } from './searchKeys.js';

export interface ContactWindow {
  rows: ContactDoc[];
  /** Every contact of the list; for a text search, the matches read so far (the search stops once the page is full). */
  count: number;
  hasMore: boolean;
}

/** Buckets read at once by a text search, at most. */
const PARALLEL_BUCKETS_MAX = 8;
/** Digits of a search text that make a whole number, looked up by its identity key too. */
const NUMBER_KEY_MIN = 10;
/** Days a date range may span. */
const DAYS_MAX = 366;

function byName(a: ContactDoc, b: ContactDoc): number {
  return a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : String(a._id) < String(b._id) ? -1 : 1;
}

function byKey(companyId: string, key: string, match: Record<string, unknown> = {}): Promise<ContactDoc[]> {
  return ContactModel.find({ companyId, searchKeys: key, ...match } as QueryFilter<ContactDoc>).lean<ContactDoc[]>();
}

/** The name-ordered list, or its names starting with `initial` (one character). */
export async function contactsInNameOrder(companyId: string, skip: number, limit: number, initial?: string): Promise<ContactWindow> {
  const prefixes = (await namePrefixes(companyId)).filter(([prefix]) => initial === undefined || prefix.startsWith(initial));
  const count = prefixes.reduce((sum, [, size]) => sum + size, 0);
  const wanted: string[] = [];
  let first: number | null = null;
  let position = 0;
  for (const [prefix, size] of prefixes) {
    if (position >= skip + limit + 1) break;
    if (position + size > skip) {
      first ??= position;
      wanted.push(prefix);
    }
    position += size;
  }
  const rows = (await Promise.all(wanted.map((prefix) => byKey(companyId, prefixKey(prefix))))).flat().sort(byName);
  const offset = skip - (first ?? skip);
  return { rows: rows.slice(offset, offset + limit), count, hasMore: rows.length > offset + limit || skip + limit < count };
}

/** The digits of a text typed as a number (with spaces or brackets, say), else ''. */
export function numberDigitsOf(text: string): string {
  const digits = digitsOf(text);
  return digits.length >= 3 && digits.length >= foldText(text).replace(/[\s()+-]/g, '').length - 2 ? digits : '';
}

/** What a text matches: the folded name, the e-mail, and the number when the text is one. */
function matcher(folded: string, digits: string): Record<string, unknown> {
  const anyOf: Record<string, unknown>[] = [{ nameKey: searchRegex(folded) }, { email: searchRegex(folded) }];
  if (digits.length > 0) anyOf.push({ number: searchRegex(digits) });
  return { $or: anyOf };
}

/** Contacts whose name, number or e-mail contains the text, in name order. */
export async function searchContacts(companyId: string, text: string, skip: number, limit: number): Promise<ContactWindow> {
  const folded = foldText(text).trim();
  const digits = numberDigitsOf(text);
  if (!folded) return contactsInNameOrder(companyId, skip, limit);
  const piece = rarestPiece(digits || folded);
  if (!piece) {
    // One or two characters: names that start with them.
    if (folded.length === 1) return contactsInNameOrder(companyId, skip, limit, folded);
    const rows = (await byKey(companyId, prefixKey(folded))).sort(byName);
    return { rows: rows.slice(skip, skip + limit), count: rows.length, hasMore: rows.length > skip + limit };
  }
  const match = matcher(folded, digits);
  const found: ContactDoc[] = [];
  // A whole number finds its person in either form (a Brazilian mobile with or without the ninth digit).
  const person = digits.length >= NUMBER_KEY_MIN ? await ContactModel.findOne({ companyId, numberKey: numberKeyOf(digits) }).lean<ContactDoc>() : null;
  // One bucket first (a common piece fills the page from it), then twice as many at once each
  // round (a rare one is spread thin over many buckets).
  for (let i = 0, width = 1; i < NAME_BUCKETS.length && found.length <= skip + limit; i += width, width = Math.min(width * 2, PARALLEL_BUCKETS_MAX)) {
    const buckets = NAME_BUCKETS.slice(i, i + width);
    const rows = await Promise.all(buckets.map((bucket) => byKey(companyId, `${bucket}${piece}`, match)));
    for (const bucketRows of rows) found.push(...bucketRows.sort(byName));
  }
  if (person && !person.mergedInto && !found.some((row) => String(row._id) === String(person._id))) {
    const at = found.findIndex((row) => byName(person, row) < 0);
    found.splice(at < 0 ? found.length : at, 0, person);
  }
  return { rows: found.slice(skip, skip + limit), count: found.length, hasMore: found.length > skip + limit };
}

/** Contacts created on the days from `from` to `to` (YYYY-MM-DD, inclusive), in name order, optionally matching a text. */
export async function contactsCreatedWithin(companyId: string, from: string, to: string, text: string, skip: number, limit: number): Promise<ContactWindow> {
  const days: string[] = [];
  for (let day = new Date(`${from}T00:00:00.000Z`); day <= new Date(`${to}T00:00:00.000Z`) && days.length < DAYS_MAX; day = new Date(day.getTime() + 86_400_000)) {
    days.push(day.toISOString().slice(0, 10));
  }
  const folded = foldText(text).trim();
  const match = folded ? matcher(folded, numberDigitsOf(text)) : {};
  const rows = (await Promise.all(days.map((day) => byKey(companyId, dayKey(day), match)))).flat().sort(byName);
  return { rows: rows.slice(skip, skip + limit), count: rows.length, hasMore: rows.length > skip + limit };
}
