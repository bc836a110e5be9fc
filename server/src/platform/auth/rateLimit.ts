/**
 * Failed-login limiter, per account and per client address, over a sliding window. Kept in
 * memory: a multi-node deployment puts a shared limiter (or the proxy's) in front.
 */
export interface AttemptLimiter {
  /** Seconds to wait when the key is over its limit, or 0. */
  retryAfter(key: string, limit: number): number;
  fail(key: string): void;
  reset(key: string): void;
}

export function createAttemptLimiter(windowSeconds: number, now: () => number = Date.now): AttemptLimiter {
  const failures = new Map<string, number[]>();
  const windowMs = windowSeconds * 1000;

  function recent(key: string): number[] {
    const since = now() - windowMs;
    const list = (failures.get(key) ?? []).filter((at) => at > since);
    if (list.length === 0) failures.delete(key);
    else failures.set(key, list);
    return list;
  }

  return {
    retryAfter(key, limit) {
      const list = recent(key);
      if (list.length < limit) return 0;
      const oldest = list[list.length - limit] ?? now();
      return Math.max(1, Math.ceil((oldest + windowMs - now()) / 1000));
    },
    fail(key) {
      failures.set(key, [...recent(key), now()]);
    },
    reset(key) {
      failures.delete(key);
    },
  };
}
