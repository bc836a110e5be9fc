/**
 * A page of a union of lanes (lanes.ts), newest activity first (or oldest first: `order`), read
 * from the buckets that hold it.
 *
 * The counters say how many tickets each lane has per month, day, ten-minute slot and second, so
 * the page's rows [skip, skip + limit] are placed without reading what comes before them: walk the
 * months, then the days, then the slots of the lanes in the list's order, and, in a slot that holds
 * more than a page and is only partly wanted (a busy morning: thousands in one slot), its seconds.
 * The pieces that overlap the window are fetched with as few bucket queries as possible: a lane's
 * whole day or hour when all of its slots there are wanted; in a busy slot, its wanted seconds, or
 * the minute or slot around them when reading a few rows more is cheaper than more queries (rows
 * outside the wanted seconds are then dropped). Each query is `{ companyId, listKeys: <bucket> }`:
 * top-level equality, served by an index on both engines, reading only the rows of that bucket.
 * Buckets are a pure function of `updatedAt`, so a ticket that moves meanwhile is read in its old
 * place or its new one, and never out of order.
 */
import type { QueryFilter } from 'mongoose';
import type { TicketListOrder } from '@atende/shared';
import { bucketKey, bucketsOf, type Lane } from './lanes.js';
import { readCounters, type CompanyRef } from '../../platform/database/counters.js';
import type { CounterDoc } from '../../platform/database/counterModel.js';
import { TicketModel, type TicketDoc } from './model.js';

export interface LanePage {
  rows: TicketDoc[];
  hasMore: boolean;
}

/** A slot larger than this, only partly wanted, is read by its seconds (one more counter read saves reading rows the page does not show). */
const FINER_ABOVE = 40;
/** What one more query costs, in ticket documents read (FerretDB: about 2 ms a query, 0.5 ms a document). */
const QUERY_COST = 4;

/** A piece of the union in the list's order: a ten-minute slot, or one second of a busy slot. */
interface Piece {
  day: string;
  /** "hhm" */
  slot: string;
  /** "mss" (the minute's unit and the second) of a busy slot's second; null: the whole slot. */
  second: string | null;
  start: number;
  size: number;
  byLane: Map<Lane, number>;
  /** Every slot of the day of each lane (to read a lane's whole day or hour in one query). */
  daySlots: Map<Lane, string[]>;
  /** A second's: each lane's count per second of the slot (to read a minute or the slot instead of many seconds). */
  slotSeconds: Map<Lane, Map<string, number>>;
}

/** Periods of `parts` (prefix letter stripped) with each lane's count, in the list's order. */
function mergeParts(docs: [Lane, CounterDoc | undefined][], order: TicketListOrder): [string, Map<Lane, number>][] {
  const merged = new Map<string, Map<Lane, number>>();
  for (const [lane, doc] of docs) {
    for (const [part, count] of Object.entries(doc?.parts ?? {})) {
      if (count <= 0) continue;
      const period = part.slice(1);
      const lanes = merged.get(period) ?? new Map<Lane, number>();
      lanes.set(lane, count);
      merged.set(period, lanes);
    }
  }
  const later = order === 'oldest' ? -1 : 1;
  return [...merged.entries()].sort(([a], [b]) => (a < b ? later : -later));
}

const sizeOf = (byLane: Map<Lane, number>) => [...byLane.values()].reduce((sum, count) => sum + count, 0);

/** The pieces of the lanes' counter documents `period` for these lanes, one read for all. */
async function countersOf(companyId: CompanyRef, lanes: Lane[], period: string, order: TicketListOrder): Promise<[string, Map<Lane, number>][]> {
  const docs = await readCounters(companyId, lanes.map((lane) => bucketKey(lane, period)));
  return mergeParts(lanes.map((lane) => [lane, docs.get(bucketKey(lane, period))]), order);
}

/**
 * The pieces of the lanes from position `from` on, in the list's order, with their place in the
 * list: counter documents are read a month, a day and a busy slot at a time, only for the periods
 * the walk reaches; a slot's seconds only when the window [from, to) wants part of a busy slot.
 */
async function* piecesFrom(companyId: CompanyRef, months: [string, Map<Lane, number>][], from: number, to: number, order: TicketListOrder): AsyncGenerator<Piece> {
  let position = 0;
  for (const [month, monthLanes] of months) {
    const monthSize = sizeOf(monthLanes);
    if (position + monthSize <= from) {
      position += monthSize;
      continue;
    }
    for (const [dd, dayLanes] of await countersOf(companyId, [...monthLanes.keys()], month, order)) {
      const day = `${month}${dd}`;
      const daySize = sizeOf(dayLanes);
      if (position + daySize <= from) {
        position += daySize;
        continue;
      }
      const inDay = [...dayLanes.keys()];
      const slots = await countersOf(companyId, inDay, day, order);
      const daySlots = new Map(inDay.map((lane) => [lane, slots.filter(([, byLane]) => byLane.has(lane)).map(([slot]) => slot)]));
      for (const [slot, byLane] of slots) {
        const size = sizeOf(byLane);
        const start = position;
        position += size;
        if (position <= from) continue;
        if (size <= FINER_ABOVE || (start >= from && position <= to)) {
          yield { day, slot, second: null, start, size, byLane, daySlots, slotSeconds: new Map() };
          continue;
        }
        const seconds = await countersOf(companyId, [...byLane.keys()], `${day}${slot}`, order);
        const slotSeconds = new Map<Lane, Map<string, number>>();
        for (const [second, secondLanes] of seconds) for (const [lane, count] of secondLanes) slotSeconds.set(lane, (slotSeconds.get(lane) ?? new Map()).set(second, count));
        let at = start;
        for (const [second, secondLanes] of seconds) {
          const count = sizeOf(secondLanes);
          if (at + count > from) yield { day, slot, second, start: at, size: count, byLane: secondLanes, daySlots, slotSeconds };
          at += count;
        }
      }
    }
  }
}

interface BucketQuery {
  lane: Lane;
  key: string;
  /** The seconds ("yymmddhhmmss") whose rows the page wants, when the bucket holds more; null: all. */
  keep: Set<string> | null;
}

/** A lane's wanted seconds of one slot: each second, or the minute or slot around them when that reads less (rows + query costs). */
function secondsCover(lane: Lane, slotPeriod: string, wanted: string[], counts: Map<string, number>): BucketQuery[] {
  const keep = new Set(wanted.map((second) => `${slotPeriod}${second}`));
  const rowsIn = (minute: string | null) => [...counts].reduce((sum, [second, count]) => sum + (minute === null || second.startsWith(minute) ? count : 0), 0);
  const keys: string[] = [];
  let cost = 0;
  for (const minute of new Set(wanted.map((second) => second[0]!))) {
    const inMinute = wanted.filter((second) => second.startsWith(minute));
    const secondsCost = inMinute.reduce((sum, second) => sum + QUERY_COST + (counts.get(second) ?? 0), 0);
    const minuteCost = QUERY_COST + rowsIn(minute);
    cost += Math.min(secondsCost, minuteCost);
    if (minuteCost < secondsCost) keys.push(`${slotPeriod}${minute}`);
    else keys.push(...inMinute.map((second) => `${slotPeriod}${second}`));
  }
  const periods = QUERY_COST + rowsIn(null) < cost ? [slotPeriod] : keys;
  return periods.map((period) => ({ lane, key: bucketKey(lane, period), keep }));
}

/** The bucket queries that read these pieces: a lane's whole day or hour when all of its slots there are wanted; a busy slot's seconds. */
function bucketsFor(wanted: Piece[]): BucketQuery[] {
  const byLaneDay = new Map<string, { lane: Lane; day: string; slots: string[]; all: string[] }>();
  const byLaneSlot = new Map<string, { lane: Lane; slotPeriod: string; seconds: string[]; counts: Map<string, number> }>();
  for (const piece of wanted) {
    for (const lane of piece.byLane.keys()) {
      if (piece.second !== null) {
        const slotPeriod = `${piece.day}${piece.slot}`;
        const id = `${lane.id}.${slotPeriod}`;
        const entry = byLaneSlot.get(id) ?? { lane, slotPeriod, seconds: [], counts: piece.slotSeconds.get(lane) ?? new Map<string, number>() };
        entry.seconds.push(piece.second);
        byLaneSlot.set(id, entry);
        continue;
      }
      const id = `${lane.id}.${piece.day}`;
      const entry = byLaneDay.get(id) ?? { lane, day: piece.day, slots: [], all: piece.daySlots.get(lane) ?? [] };
      entry.slots.push(piece.slot);
      byLaneDay.set(id, entry);
    }
  }
  const queries: BucketQuery[] = [];
  for (const { lane, day, slots, all } of byLaneDay.values()) {
    if (all.every((slot) => slots.includes(slot))) {
      queries.push({ lane, key: bucketKey(lane, day), keep: null });
      continue;
    }
    for (const hour of new Set(slots.map((slot) => slot.slice(0, 2)))) {
      if (all.filter((slot) => slot.startsWith(hour)).every((slot) => slots.includes(slot))) queries.push({ lane, key: bucketKey(lane, `${day}${hour}`), keep: null });
      else for (const slot of slots.filter((s) => s.startsWith(hour))) queries.push({ lane, key: bucketKey(lane, `${day}${slot}`), keep: null });
    }
  }
  for (const { lane, slotPeriod, seconds, counts } of byLaneSlot.values()) queries.push(...secondsCover(lane, slotPeriod, seconds, counts));
  return queries;
}

/** The rows of a lane's bucket (the lane's own fields too: exact even if two lane ids collided). */
async function fetchBucket(companyId: CompanyRef, { lane, key, keep }: BucketQuery): Promise<TicketDoc[]> {
  const filter: Record<string, unknown> = { companyId, listKeys: key, status: lane.status };
  if (lane.scope.kind !== 'all') filter.queueId = lane.scope.queueId;
  if (lane.scope.kind === 'user') filter.userId = lane.scope.userId;
  const rows = await TicketModel.find(filter as QueryFilter<TicketDoc>).lean<TicketDoc[]>();
  return keep ? rows.filter((row) => keep.has(bucketsOf(row.updatedAt).second)) : rows;
}

/** The lists' order: latest activity first, then the newer id. */
export function newestFirst(a: TicketDoc, b: TicketDoc): number {
  return b.updatedAt.getTime() - a.updatedAt.getTime() || (String(b._id) > String(a._id) ? 1 : String(b._id) < String(a._id) ? -1 : 0);
}

/** The other order (order=oldest, who waits longest): the reverse of newestFirst. */
export function orderOf(order: TicketListOrder): (a: TicketDoc, b: TicketDoc) => number {
  return order === 'oldest' ? (a, b) => newestFirst(b, a) : newestFirst;
}

/** Rows [skip, skip + limit) of the lanes' union in `order`, and whether more follow. */
export async function lanePage(companyId: CompanyRef, lanes: Lane[], skip: number, limit: number, order: TicketListOrder = 'newest'): Promise<LanePage> {
  if (lanes.length === 0) return { rows: [], hasMore: false };
  const laneDocs = await readCounters(companyId, lanes.map((lane) => lane.id));
  const months = mergeParts(lanes.map((lane) => [lane, laneDocs.get(lane.id)]), order);
  const walk = piecesFrom(companyId, months, skip, skip + limit + 1, order);
  const rows: TicketDoc[] = [];
  let first: number | null = null;
  let end = false;
  // Rows of the fetched pieces from `first` on; a counter a crash left too high makes a batch come
  // back short, and the walk goes on to the next slots.
  while (!end && rows.length < skip - (first ?? skip) + limit + 1) {
    const batch: Piece[] = [];
    const needed = skip - (first ?? skip) + limit + 1 - rows.length;
    for (let covered = 0; covered < needed; ) {
      const next = await walk.next();
      if (next.done) {
        end = true;
        break;
      }
      first ??= next.value.start;
      batch.push(next.value);
      covered += next.value.size;
    }
    const fetched = await Promise.all(bucketsFor(batch).map((query) => fetchBucket(companyId, query)));
    rows.push(...fetched.flat());
  }
  rows.sort(orderOf(order));
  const offset = skip - (first ?? skip);
  return { rows: rows.slice(offset, offset + limit), hasMore: rows.length > offset + limit };
}
