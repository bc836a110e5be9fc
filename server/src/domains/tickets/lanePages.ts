/**
 * A page of a union of lanes (lanes.ts), newest activity first (or oldest first: `order`), read
 * from the buckets that hold it.
 *
 * The counters say how many tickets each lane has per month, day and ten-minute slot, so the page's
 * rows [skip, skip + limit] are placed without reading what comes before them: walk the months,
 * then the days, then the slots of the lanes in the list's order (newest first, or oldest first), keep the slots that overlap the window,
 * and fetch them with as few bucket queries as possible (a whole day or hour when all of a lane's
 * slots in it are wanted). Each query is `{ companyId, listKeys: <bucket> }`: top-level equality,
 * served by an index on both engines, reading only the rows of those slots.
 */
import type { QueryFilter } from 'mongoose';
import type { TicketListOrder } from '@atende/shared';
import { bucketKey, type Lane } from './lanes.js';
import { readCounters, type CompanyRef } from '../../platform/database/counters.js';
import type { CounterDoc } from '../../platform/database/counterModel.js';
import { TicketModel, type TicketDoc } from './model.js';

export interface LanePage {
  rows: TicketDoc[];
  hasMore: boolean;
}

/** One ten-minute slot of the union: where its rows start in the list, and each lane's share. */
interface Slot {
  day: string;
  /** "hhm" */
  slot: string;
  start: number;
  size: number;
  byLane: Map<Lane, number>;
  /** Every slot of the day of each lane (to read a lane's whole day or hour in one query). */
  daySlots: Map<Lane, string[]>;
}

/** Periods of `parts` (prefix m/d/s stripped) with each lane's count, in the list's order. */
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

/**
 * The slots of the lanes from position `from` on, in the list's order, with their place in the
 * list: counter documents are read a month and a day at a time, only for the periods the walk reaches.
 */
async function* slotsFrom(companyId: CompanyRef, months: [string, Map<Lane, number>][], from: number, order: TicketListOrder): AsyncGenerator<Slot> {
  let position = 0;
  for (const [month, monthLanes] of months) {
    const monthSize = sizeOf(monthLanes);
    if (position + monthSize <= from) {
      position += monthSize;
      continue;
    }
    const inMonth = [...monthLanes.keys()];
    const monthDocs = await readCounters(companyId, inMonth.map((lane) => bucketKey(lane, month)));
    for (const [dd, dayLanes] of mergeParts(inMonth.map((lane) => [lane, monthDocs.get(bucketKey(lane, month))]), order)) {
      const day = `${month}${dd}`;
      const daySize = sizeOf(dayLanes);
      if (position + daySize <= from) {
        position += daySize;
        continue;
      }
      const inDay = [...dayLanes.keys()];
      const dayDocs = await readCounters(companyId, inDay.map((lane) => bucketKey(lane, day)));
      const slots = mergeParts(inDay.map((lane) => [lane, dayDocs.get(bucketKey(lane, day))]), order);
      const daySlots = new Map(inDay.map((lane) => [lane, slots.filter(([, byLane]) => byLane.has(lane)).map(([slot]) => slot)]));
      for (const [slot, byLane] of slots) {
        const size = sizeOf(byLane);
        if (position + size > from) yield { day, slot, start: position, size, byLane, daySlots };
        position += size;
      }
    }
  }
}

/** The bucket queries that read exactly these slots: a lane's whole day or hour when all of its slots there are wanted. */
function bucketsFor(wanted: Slot[]): { lane: Lane; key: string }[] {
  const byLaneDay = new Map<string, { lane: Lane; day: string; slots: string[]; all: string[] }>();
  for (const slot of wanted) {
    for (const lane of slot.byLane.keys()) {
      const id = `${lane.id}.${slot.day}`;
      const entry = byLaneDay.get(id) ?? { lane, day: slot.day, slots: [], all: slot.daySlots.get(lane) ?? [] };
      entry.slots.push(slot.slot);
      byLaneDay.set(id, entry);
    }
  }
  const queries: { lane: Lane; key: string }[] = [];
  for (const { lane, day, slots, all } of byLaneDay.values()) {
    if (all.every((slot) => slots.includes(slot))) {
      queries.push({ lane, key: bucketKey(lane, day) });
      continue;
    }
    for (const hour of new Set(slots.map((slot) => slot.slice(0, 2)))) {
      if (all.filter((slot) => slot.startsWith(hour)).every((slot) => slots.includes(slot))) queries.push({ lane, key: bucketKey(lane, `${day}${hour}`) });
      else for (const slot of slots.filter((s) => s.startsWith(hour))) queries.push({ lane, key: bucketKey(lane, `${day}${slot}`) });
    }
  }
  return queries;
}

/** The rows of a lane's bucket (the lane's own fields too: exact even if two lane ids collided). */
function fetchBucket(companyId: CompanyRef, lane: Lane, key: string): Promise<TicketDoc[]> {
  const filter: Record<string, unknown> = { companyId, listKeys: key, status: lane.status };
  if (lane.scope.kind !== 'all') filter.queueId = lane.scope.queueId;
  if (lane.scope.kind === 'user') filter.userId = lane.scope.userId;
  return TicketModel.find(filter as QueryFilter<TicketDoc>).lean<TicketDoc[]>();
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
  const walk = slotsFrom(companyId, months, skip, order);
  const rows: TicketDoc[] = [];
  let first: number | null = null;
  let end = false;
  // Rows of the fetched slots from `first` on; a counter a crash left too high makes a batch come
  // back short, and the walk goes on to the next slots.
  while (!end && rows.length < skip - (first ?? skip) + limit + 1) {
    const batch: Slot[] = [];
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
    const fetched = await Promise.all(bucketsFor(batch).map(({ lane, key }) => fetchBucket(companyId, lane, key)));
    rows.push(...fetched.flat());
  }
  rows.sort(orderOf(order));
  const offset = skip - (first ?? skip);
  return { rows: rows.slice(offset, offset + limit), hasMore: rows.length > offset + limit };
}
