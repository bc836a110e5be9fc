/**
 * Small per-company data read on every request or message (settings, queues, users, tags,
 * connections) kept in memory: loaded once, dropped by the code that changes it (`invalidate`), and
 * reloaded after `ttlMs` anyway, so that a change made by another node shows within that time.
 * A load in progress is shared by concurrent readers.
 */
export interface CompanyCache<T> {
  get(companyId: string): Promise<T>;
  invalidate(companyId: string): void;
}

const every: CompanyCache<unknown>[] = [];

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
    },
  };
  every.push(cache as CompanyCache<unknown>);
  return cache;
}

/** Forgets everything cached of a company (it was removed, or its data replaced wholesale). */
export function invalidateCompany(companyId: string): void {
  for (const cache of every) cache.invalidate(companyId);
}
