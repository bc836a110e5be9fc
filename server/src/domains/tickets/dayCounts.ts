/**
 * What a ticket counts for in the dashboard, per day of the company's time zone (counter
 * `day.<yyyy-mm-dd>`, kept by the writer like the lanes): on its creation day `c` (created), `h<hh>` (created in that hour),
 * `u<userId|->` (created, assigned to that user now); on the day it was accepted `wn` and `wm`
 * (accepted, and the milliseconds it waited); on the day it was closed `x` (finished), `xu<userId>`,
 * and when it had been accepted `tn`/`tm` and `tnu<userId>`/`tmu<userId>` (support time). Ratings
 * add `rn<userId>`/`rs<userId>` (count and sum) on their day, new contacts (not groups) `n` on
 * theirs. The dashboard adds up the days of its period instead of reading its tickets.
 *
 * Each ticket, contact and rating records the zone it was counted in (`dayZone`; absent: UTC, as
 * earlier releases counted): its counts are taken back in that zone, so a change of the company's
 * zone moves them document by document (dashboard/rezone.ts) without ever mixing two zones.
 */
import { zonedDay, zonedDayHour } from '@atende/shared';
import type { CountStep } from '../../platform/database/counters.js';
import type { TicketDoc } from './model.js';

export type DayCounted = Pick<TicketDoc, 'status' | 'userId' | 'createdAt' | 'acceptedAt' | 'closedAt'> & { dayZone?: string | null };

/** The zone of documents counted before zones were recorded. */
export const LEGACY_DAY_ZONE = 'UTC';

export function dayKeyOf(day: string): string {
  return `day.${day}`;
}

/** Milliseconds from `start` to `end`, never negative (clocks of imported data may disagree). */
function between(start: Date, end: Date): number {
  return Math.max(0, end.getTime() - start.getTime());
}

export function daySteps(ticket: DayCounted, sign: 1 | -1): CountStep[] {
  const zone = ticket.dayZone ?? LEGACY_DAY_ZONE;
  const dayOf = (at: Date) => zonedDay(at, zone);
  const user = ticket.userId ? String(ticket.userId) : '-';
  const createdAt = zonedDayHour(ticket.createdAt, zone);
  const created = dayKeyOf(createdAt.day);
  const steps: CountStep[] = [
    { key: created, part: 'c', step: sign },
    { key: created, part: `h${String(createdAt.hour).padStart(2, '0')}`, step: sign },
    { key: created, part: `u${user}`, step: sign },
  ];
  if (ticket.acceptedAt) {
    const accepted = dayKeyOf(dayOf(ticket.acceptedAt));
    steps.push({ key: accepted, part: 'wn', step: sign }, { key: accepted, part: 'wm', step: sign * between(ticket.createdAt, ticket.acceptedAt) });
  }
  if (ticket.status === 'closed' && ticket.closedAt) {
    const closed = dayKeyOf(dayOf(ticket.closedAt));
    steps.push({ key: closed, part: 'x', step: sign });
    if (ticket.userId) steps.push({ key: closed, part: `xu${user}`, step: sign });
    if (ticket.acceptedAt) {
      const talk = sign * between(ticket.acceptedAt, ticket.closedAt);
      steps.push({ key: closed, part: 'tn', step: sign }, { key: closed, part: 'tm', step: talk });
      if (ticket.userId) steps.push({ key: closed, part: `tnu${user}`, step: sign }, { key: closed, part: `tmu${user}`, step: talk });
    }
  }
  return steps;
}

/** A customer's 1..3 rating of a user, on the day it was given (in `zone`). */
export function ratingSteps(userId: unknown, rate: number, at: Date, zone: string, sign: 1 | -1 = 1): CountStep[] {
  const key = dayKeyOf(zonedDay(at, zone));
  return [
    { key, part: `rn${String(userId)}`, step: sign },
    { key, part: `rs${String(userId)}`, step: sign * rate },
  ];
}

/** A contact (not a group) created that day: a lead. */
export function leadSteps(contact: { isGroup?: boolean; createdAt: Date; dayZone?: string | null }, sign: 1 | -1): CountStep[] {
  return contact.isGroup ? [] : [{ key: dayKeyOf(zonedDay(contact.createdAt, contact.dayZone ?? LEGACY_DAY_ZONE)), part: 'n', step: sign }];
}
