/**
 * The counters of tickets (platform/database/counters.ts) kept current as tickets change: the
 * dashboard's per day (dayCounts.ts), and the lanes' as tickets move between buckets:
 * `<lane>` counts per month ("m<yymm>"), `<lane>.<yymm>` per day ("d<dd>"), `<lane>.<yymmdd>` per
 * ten-minute slot ("s<hh><m>"), `<lane>.<yymmddhhm>` per second ("t<m><ss>", m: the minute's unit).
 * A page reads a slot's seconds only when it wants part of a slot that holds more than a page.
 *
 * A move grows the counters of its new buckets before the ticket is written and shrinks those of
 * its old buckets after: a crash in between leaves a counter one too high (a list then shows one
 * row twice across pages, or reads one bucket more), never one too low (a ticket no page would show).
 */
import { growShrink, stepsOf, type CounterDelta, type CountStep } from '../../platform/database/counters.js';
import { daySteps, type DayCounted } from './dayCounts.js';
import { bucketKey, bucketsOf, lanesOfTicket, type ListPosition } from './lanes.js';

export interface Move {
  /** Counters to grow before the ticket is written. */
  grow: CounterDelta[];
  /** Counters to shrink once it is written. */
  shrink: CounterDelta[];
}

/** What a ticket counts in: its lanes (this file) and its days (dayCounts.ts). */
export type Counted = ListPosition & DayCounted;

/** The per-second counters (one document per lane and slot) a ticket in this position counts in. */
export function secondSteps(position: ListPosition, step: number): CountStep[] {
  const { slot, second } = bucketsOf(position.updatedAt);
  return lanesOfTicket(position).map((lane) => ({ key: bucketKey(lane, slot), part: `t${second.slice(9)}`, step }));
}

/** The lane counter documents and parts a ticket in this position counts in. */
function countedIn(position: ListPosition, step: number): CountStep[] {
  const { month, day, slot } = bucketsOf(position.updatedAt);
  return [
    ...lanesOfTicket(position).flatMap((lane) => [
      { key: lane.id, part: `m${month}`, step },
      { key: bucketKey(lane, month), part: `d${day.slice(4)}`, step },
      { key: bucketKey(lane, day), part: `s${slot.slice(6)}`, step },
    ]),
    ...secondSteps(position, step),
  ];
}

/** What changing a ticket from `before` to `after` (null: created / deleted) does to the counters. */
export function moveOf(before: Counted | null, after: Counted | null): Move {
  const steps = [...(before ? [...countedIn(before, -1), ...daySteps(before, -1)] : []), ...(after ? [...countedIn(after, 1), ...daySteps(after, 1)] : [])];
  return growShrink(stepsOf(steps));
}
