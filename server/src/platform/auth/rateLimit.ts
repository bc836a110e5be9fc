/**
 * Attempt limiter over a sliding window, per key (an account from an address, an address, a
 * user). Kept in memory; the login, password-reset and e-mail probe limits are
 * `SharedAttemptLimiter`s, which several nodes keep in Redis (platform/cluster/redisLimits.ts) and
 * a node alone in memory.
 *
 * An attempt is counted before it is evaluated and given back when it turns out harmless (a right
 * password, an answer that revealed nothing): checking and counting at once is what keeps twenty
 * concurrent guesses from all passing the check before the first failure is counted.
 */
export interface AttemptLimit {
  key: string;
  limit: number;
}

export type Reservation = { ok: true; release(): void } | { ok: false; retryAfter: number };

export interface AttemptLimiter {
  /** Counts one attempt under every key, or none when a key is at its limit (then the seconds to wait). */
  reserve(limits: AttemptLimit[]): Reservation;
  /** Forgets every attempt under the key. */
  reset(key: string): void;
}

export function createAttemptLimiter(windowSeconds: number, now: () => number = Date.now): AttemptLimiter {
  const attempts = new Map<string, number[]>();
  const windowMs = windowSeconds * 1000;

  function recent(key: string): number[] {
    const since = now() - windowMs;
    const list = (attempts.get(key) ?? []).filter((at) => at > since);
    if (list.length === 0) attempts.delete(key);
    else attempts.set(key, list);
    return list;
  }

  function waitFor(list: number[], limit: number): number {
    const oldest = list[list.length - limit] ?? now();
    return Math.max(1, Math.ceil((oldest + windowMs - now()) / 1000));
  }

  return {
    reserve(limits) {
      const full = limits.map(({ key, limit }) => ({ list: recent(key), limit })).filter(({ list, limit }) => list.length >= limit);
      if (full.length > 0) return { ok: false, retryAfter: Math.max(...full.map(({ list, limit }) => waitFor(list, limit))) };
      const at = now();
      for (const { key } of limits) attempts.set(key, [...recent(key), at]);
      return {
        ok: true,
        release() {
          for (const { key } of limits) {
            const list = attempts.get(key) ?? [];
            const index = list.lastIndexOf(at);
            if (index >= 0) list.splice(index, 1);
          }
        },
      };
    },
    reset(key) {
      attempts.delete(key);
    },
  };
}

/** A limiter the nodes of a deployment may share (the same rules, answered asynchronously). */
export interface SharedAttemptLimiter {
  reserve(limits: AttemptLimit[]): Promise<Reservation>;
  reset(key: string): Promise<void>;
}

/** Makes the limiter named `name` (its keys are its own) over a window of that many seconds. */
export type AttemptLimits = (name: string, windowSeconds: number) => SharedAttemptLimiter;

/** A node alone: each limiter in this process's memory. */
export const memoryAttemptLimits: AttemptLimits = (_name, windowSeconds) => {
  const limiter = createAttemptLimiter(windowSeconds);
  return {
    reserve: async (limits) => limiter.reserve(limits),
    reset: async (key) => limiter.reset(key),
  };
};
