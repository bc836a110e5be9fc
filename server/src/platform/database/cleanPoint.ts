/**
 * The clean point of a server node: a small document a running server rewrites every minute and
 * once more at a clean stop. Some writes come in two steps (a message, then its ticket's counters;
 * an ack on the phone, then here), and a kill -9 between the two leaves the second undone. Such
 * writes carry the minute they were made (minuteKeyOf), so a start that finds no clean stop looks
 * at the minutes around the last clean point only, each by an indexed equality, never at everything.
 *
 * Nothing is written after a crash, so the unsettled minutes are bounded: from the last clean point
 * (less a margin for writes still settling then) to one interval after it (plus the margin).
 *
 * One document per node (by host name). A start takes over the leftovers of its own previous run,
 * and of any node that stopped recording without a clean stop (dead: a container replaced under a
 * new host name, a node removed), then forgets those nodes.
 *
 * A two-step write cut by a database outage while the node runs is settled by the node itself once
 * the database answers (domains/messages/unsettled.ts); until then it holds the clean point at its
 * time (`holdCleanPoint`), so that a crash meanwhile leaves it to the next start.
 */
import { hostname } from 'node:os';
import { platformModel } from './models.js';

/** How often a running server records its clean point. */
export const CLEAN_POINT_EVERY_MS = 60_000;
/** A two-step write settles within this (its database commands time out sooner). */
const SETTLE_MARGIN_MS = 60_000;
const MINUTE_MS = 60_000;

interface CleanPointDoc {
  _id: string;
  at: Date;
  /** true when written by a clean stop: nothing is left unsettled. */
  stopped: boolean;
}

const CleanPointModel = platformModel<CleanPointDoc>('CleanPoint', {
  _id: { type: String, required: true },
  at: { type: Date, required: true },
  stopped: { type: Boolean, default: false },
});

/** The minute of a date, as two-step writes record it: "2026-11-25T12:47". */
export function minuteKeyOf(date: Date): string {
  return date.toISOString().slice(0, 16);
}

export interface CleanPoint {
  /** The minutes whose two-step writes may be half done (empty after a clean stop or on a new database). */
  unsettledMinutes: string[];
  /** Starts recording this node's clean point. */
  start(): Promise<void>;
  /** Records the clean stop (the last thing before the database closes). */
  stop(): Promise<void>;
}

function minutesBetween(from: number, to: number): string[] {
  const minutes: string[] = [];
  for (let at = Math.floor(from / MINUTE_MS) * MINUTE_MS; at <= to; at += MINUTE_MS) minutes.push(minuteKeyOf(new Date(at)));
  return minutes;
}

const holds = new Set<{ at: Date }>();

/** Keeps the recorded clean point at or before `at` (and no stop clean) until released. */
export function holdCleanPoint(at: Date): () => void {
  const hold = { at };
  holds.add(hold);
  return () => void holds.delete(hold);
}

/** A node that has not recorded its clean point for this long is dead. */
const DEAD_AFTER_MS = 3 * CLEAN_POINT_EVERY_MS;

/** Reads what the previous run of this node, and dead nodes, left (`node`: several nodes share a database). */
export async function loadCleanPoint(node: string = hostname()): Promise<CleanPoint> {
  // One small document per node: reading them all is cheap.
  const points = await CleanPointModel.find({}).lean<CleanPointDoc[]>();
  const gone = (point: CleanPointDoc) => point._id !== node && Date.now() - point.at.getTime() > DEAD_AFTER_MS;
  const left = points.filter((point) => !point.stopped && (point._id === node || gone(point)));
  const unsettled = new Set(left.flatMap((point) => minutesBetween(point.at.getTime() - SETTLE_MARGIN_MS, point.at.getTime() + CLEAN_POINT_EVERY_MS + SETTLE_MARGIN_MS)));
  const unsettledMinutes = [...unsettled].sort();
  const others = points.filter(gone).map((point) => point._id);
  let timer: NodeJS.Timeout | undefined;
  const record = (stopped: boolean) => {
    const at = Math.min(Date.now(), ...[...holds].map((hold) => hold.at.getTime()));
    return CleanPointModel.updateOne({ _id: node }, { $set: { at: new Date(at), stopped: stopped && holds.size === 0 } }, { upsert: true });
  };
  return {
    unsettledMinutes,
    async start() {
      // Their leftovers are this start's to repair (reconcile runs before start).
      if (others.length > 0) await CleanPointModel.deleteMany({ _id: { $in: others } });
      await record(false);
      timer = setInterval(() => void record(false).catch(() => undefined), CLEAN_POINT_EVERY_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await record(true);
    },
  };
}
