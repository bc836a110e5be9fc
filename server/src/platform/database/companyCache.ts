/**
 * Small per-company data read on every request or message (settings, queues, users, tags,
 * connections) kept in memory: loaded once, dropped by the code that changes it (`invalidate`), and
 * reloaded after `ttlMs` anyway. With several nodes (`shareInvalidations`) a drop reaches every
 * node at once. A load in progress is shared by concurrent readers.
 */
import type { ClusterBus } from '../cluster/bus.js';

export interface CompanyCache<T> {
  get(companyId: string): Promise<T>;
  invalidate(companyId: string): void;
}

/** Each cache's drop of a company's entry on this node alone. */
const every: ((companyId: string) => void)[] = [];

/** Tells the other nodes what was dropped here (null: one node alone). */
let announce: ((companyId: string) => void) | null = null;

/**
 * Several nodes: what a node drops, every node drops. The other nodes drop the company's entries
 * of every cache (the bus says which company, not which cache): a reload more, never a stale read.
 * Answers the undoing (the node stops).
 */
export function shareInvalidations(bus: ClusterBus): () => void {
  const topic = 'cache.invalidate';
  bus.listen(topic, (body) => {
    const { companyId, from } = body as { companyId: string; from: string };
    if (from !== bus.nodeId) for (const drop of every) drop(companyId);
  });
  const mine = (companyId: string) => bus.broadcast(topic, { companyId, from: bus.nodeId });
  announce = mine;
  return () => {
    if (announce === mine) announce = null;
  };
}

export function companyCache<T>(load: (companyId: string) => Promise<T>, ttlMs = 30_000): CompanyCache<T> {
  const entries = new Map<string, { value: Promise<T>; at: number; generation: number }>();
  let generation = 0;
  const cache: CompanyCache<T> = {
    get(companyId) {
      const hit = entries.get(companyId);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      const mine = ++generation;
      const value = load(companyId);
      entries.set(companyId, { value, at: Date.now(), generation: mine });
      // A failed load is not kept; one overtaken by an invalidation stays out of the map.
      value.catch(() => {
        if (entries.get(companyId)?.generation === mine) entries.delete(companyId);
      });
      return value;
    },
    invalidate(companyId) {
      entries.delete(companyId);
      announce?.(companyId);
    },
  };
  every.push((companyId) => entries.delete(companyId));
  return cache;
}

/** Forgets everything cached of a company (it was removed, or its data replaced wholesale). */
export function invalidateCompany(companyId: string): void {
  for (const drop of every) drop(companyId);
  announce?.(companyId);
}
