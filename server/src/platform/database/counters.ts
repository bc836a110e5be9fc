/**
 * Writing and reading the counter documents (counterModel.ts). Writes of one counter run one after
 * another in this process (the embedded engine loses concurrent updates of a document); on MongoDB
 * `$inc` is atomic as well. Callers order their changes so that a crash leaves a counter too high,
 * never too low (see domains/tickets/laneCounts.ts).
 */
import type { Types } from 'mongoose';
import { CounterModel, type CounterDoc } from './counterModel.js';
import { keyedSerial } from './serial.js';

/** A company's id as the models take it. */
export type CompanyRef = string | Types.ObjectId;

/** Changes to one counter document: its parts and its count. */
export interface CounterDelta {
  key: string;
  parts: Record<string, number>;
  count: number;
}

const counterWrites = keyedSerial();

function negated(deltas: CounterDelta[]): CounterDelta[] {
  return deltas.map(({ key, parts, count }) => ({ key, count: -count, parts: Object.fromEntries(Object.entries(parts).map(([part, step]) => [part, -step])) }));
}

function isDuplicate(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return code === 11000 || (typeof message === 'string' && message.includes('duplicate key'));
}

async function applyOne(companyId: CompanyRef, delta: CounterDelta): Promise<void> {
  const inc: Record<string, number> = { count: delta.count };
  for (const [part, step] of Object.entries(delta.parts)) inc[`parts.${part}`] = step;
  const write = () => CounterModel.updateOne({ companyId, key: delta.key }, { $inc: inc }, { upsert: true, timestamps: false });
  await counterWrites.run(`${String(companyId)}:${delta.key}`, async () => {
    // Two nodes creating one counter at once (MongoDB): the loser of the unique index increments.
    await write().catch((err: unknown) => (isDuplicate(err) ? write() : Promise.reject(err)));
  });
}

export async function applyDeltas(companyId: CompanyRef, deltas: CounterDelta[]): Promise<void> {
  await Promise.all(deltas.map((delta) => applyOne(companyId, delta)));
}

/** Takes back what `applyDeltas` did (a write that did not happen). */
export async function undoDeltas(companyId: CompanyRef, deltas: CounterDelta[]): Promise<void> {
  await applyDeltas(companyId, negated(deltas));
}

/** Counter documents by key (missing ones are empty). */
export async function readCounters(companyId: CompanyRef, keys: string[]): Promise<Map<string, CounterDoc>> {
  const found = await Promise.all(keys.map((key) => CounterModel.findOne({ companyId, key }).lean<CounterDoc>()));
  return new Map(found.filter((doc): doc is CounterDoc => doc !== null).map((doc) => [doc.key, doc]));
}

/** Splits per-document steps into what must grow before a write and shrink after it. */
export function growShrink(byKey: Map<string, Record<string, number>>): { grow: CounterDelta[]; shrink: CounterDelta[] } {
  const grow: CounterDelta[] = [];
  const shrink: CounterDelta[] = [];
  for (const [key, parts] of byKey) {
    // A move inside one document changes two of its parts: still grow first, shrink after.
    for (const [list, sign] of [[grow, 1], [shrink, -1]] as const) {
      const side = Object.fromEntries(Object.entries(parts).filter(([, step]) => Math.sign(step) === sign));
      const count = Object.values(side).reduce((sum, step) => sum + step, 0);
      if (count !== 0) list.push({ key, parts: side, count });
    }
  }
  return { grow, shrink };
}

/** A change of one part of one counter document. */
export interface CountStep {
  key: string;
  part: string;
  step: number;
}

/** Accumulates steps per counter document and part (opposite steps cancel out). */
export function stepsOf(entries: CountStep[]): Map<string, Record<string, number>> {
  const byKey = new Map<string, Record<string, number>>();
  for (const { key, part, step } of entries) {
    const parts = byKey.get(key) ?? {};
    parts[part] = (parts[part] ?? 0) + step;
    if (parts[part] === 0) delete parts[part];
    byKey.set(key, parts);
  }
  return byKey;
}
