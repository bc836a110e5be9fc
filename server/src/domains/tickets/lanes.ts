/**
 * Ticket lists as lanes of time buckets, so that a page is read from an index on both engines.
 *
 * FerretDB 1.24 sorts and limits in its own process after fetching every match, so a list never
 * asks for "the 40 newest of a status": it asks for the few buckets that hold them. A lane is one
 * ordered list a screen may show: every ticket of a status (`all`), those of a status in a queue
 * (`queue`), or those of a status in a queue assigned to a user (`user`); a user's tickets over
 * several queues, or several queues, are unions of these disjoint lanes. Each ticket carries, for
 * each of its lanes, the key of its day, hour, ten-minute slot, minute and second of latest
 * activity (`listKeys`), and small counter documents (laneCounts.ts) say how many tickets each lane
 * holds per month, day, slot and second, so that a page finds the buckets it needs without reading
 * what comes before them. Buckets are a pure function of `updatedAt`: buckets in time order hold
 * the list in order, whatever moves meanwhile; a busy second holds about a page (80 new customers a
 * second), so a page reads about a page even when thousands wait in the same minute.
 */
import { createHash } from 'node:crypto';
import type { TicketStatus } from '@atende/shared';

/** Where a ticket stands in the lists: what its lanes and buckets are computed from. */
export interface ListPosition {
  companyId: unknown;
  status: TicketStatus;
  queueId: unknown;
  userId: unknown;
  updatedAt: Date;
}

export type LaneScope = { kind: 'all' } | { kind: 'queue'; queueId: string | null } | { kind: 'user'; userId: string; queueId: string | null };

export interface Lane {
  /** Short stable id: a hash of company, status and scope (keys stay small in every ticket). */
  id: string;
  status: TicketStatus;
  scope: LaneScope;
}

function idOrNone(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

export function laneOf(companyId: unknown, status: TicketStatus, scope: LaneScope): Lane {
  const parts = [String(companyId), status, scope.kind, scope.kind === 'all' ? '' : (scope.queueId ?? '-'), scope.kind === 'user' ? scope.userId : ''];
  const id = BigInt(`0x${createHash('sha1').update(parts.join('|')).digest('hex').slice(0, 13)}`).toString(36);
  return { id, status, scope };
}

/** The lanes a ticket belongs to: all of its status, its queue's, and its user's in that queue. */
export function lanesOfTicket(position: Omit<ListPosition, 'updatedAt'>): Lane[] {
  const queueId = idOrNone(position.queueId);
  const userId = idOrNone(position.userId);
  const lanes = [laneOf(position.companyId, position.status, { kind: 'all' }), laneOf(position.companyId, position.status, { kind: 'queue', queueId })];
  if (userId) lanes.push(laneOf(position.companyId, position.status, { kind: 'user', userId, queueId }));
  return lanes;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A moment's buckets (UTC): month "yymm", day "yymmdd", hour "yymmddhh", slot "yymmddhhm" (m: tens
 * of minutes), minute "yymmddhhmm", second "yymmddhhmmss". Each is its parent plus digits, so a
 * period's length tells its level and string order is time order.
 */
export interface Buckets {
  month: string;
  day: string;
  hour: string;
  slot: string;
  minute: string;
  second: string;
}

export function bucketsOf(at: Date): Buckets {
  const month = `${pad(at.getUTCFullYear() % 100)}${pad(at.getUTCMonth() + 1)}`;
  const day = `${month}${pad(at.getUTCDate())}`;
  const hour = `${day}${pad(at.getUTCHours())}`;
  const minute = `${hour}${pad(at.getUTCMinutes())}`;
  return { month, day, hour, slot: minute.slice(0, 9), minute, second: `${minute}${pad(at.getUTCSeconds())}` };
}

/** The key of a lane's bucket: `<lane>.<period>` (the period's length tells its size). */
export function bucketKey(lane: Lane | string, period: string): string {
  return `${typeof lane === 'string' ? lane : lane.id}.${period}`;
}

/** Every bucket key a ticket is found by (its listKeys): five per lane. */
export function listKeysOf(position: ListPosition): string[] {
  const { day, hour, slot, minute, second } = bucketsOf(position.updatedAt);
  return lanesOfTicket(position).flatMap((lane) => [day, hour, slot, minute, second].map((period) => bucketKey(lane, period)));
}
