/**
 * How many contacts a company has per two-character name prefix (one counter document, `contacts`,
 * parts "p<prefix as hex>"): the name-ordered list reads only the prefixes its page falls in, and
 * the total is the list's count. Kept by writer.ts like the ticket lanes: grow before a write,
 * shrink after it.
 */
import { growShrink, readCounters, stepsOf, type CompanyRef, type CounterDelta, type CountStep } from '../../platform/database/counters.js';
import { leadSteps } from '../tickets/dayCounts.js';

const KEY = 'contacts';

/** Counter parts are field names: the prefix goes as hex (names may hold dots or dollars). */
function partOf(prefix: string): string {
  return `p${Buffer.from(prefix, 'utf8').toString('hex')}`;
}

function prefixOfPart(part: string): string {
  return Buffer.from(part.slice(1), 'hex').toString('utf8');
}

export function namePrefix(nameKey: string): string {
  return nameKey.slice(0, 2);
}

export interface DirectoryEntry {
  nameKey: string;
  createdAt: Date;
  isGroup?: boolean;
  /** The zone its new-contact count is in (tickets/dayCounts.ts). */
  dayZone?: string | null;
}

/**
 * Counter changes of a contact going from `before` to `after` (null: created / deleted): its name
 * prefix here, and the dashboard's new contacts of its day (domains/tickets/dayCounts.ts).
 */
export function contactMove(before: DirectoryEntry | null, after: DirectoryEntry | null): { grow: CounterDelta[]; shrink: CounterDelta[] } {
  const steps: CountStep[] = [];
  if (before !== null) steps.push({ key: KEY, part: partOf(namePrefix(before.nameKey)), step: -1 }, ...leadSteps(before, -1));
  if (after !== null) steps.push({ key: KEY, part: partOf(namePrefix(after.nameKey)), step: 1 }, ...leadSteps(after, 1));
  return growShrink(stepsOf(steps));
}

/** The company's name prefixes with their contact counts, in name order. */
export async function namePrefixes(companyId: CompanyRef): Promise<[string, number][]> {
  const doc = (await readCounters(companyId, [KEY])).get(KEY);
  return Object.entries(doc?.parts ?? {})
    .filter(([, count]) => count > 0)
    .map(([part, count]): [string, number] => [prefixOfPart(part), count])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
