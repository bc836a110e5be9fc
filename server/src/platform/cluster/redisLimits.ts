/**
 * The login, password-reset and e-mail probe limits kept in Redis, so that every node counts the same attempts:
 * one sorted set per key (attempt times), checked and counted in one script (atomic: concurrent
 * guesses on several nodes cannot all pass the check), expiring with the window. While Redis is
 * away an attempt cannot be counted, so it is refused at once (503 ERR_REDIS_UNAVAILABLE), never
 * let through uncounted nor left waiting.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { AttemptLimits } from '../auth/rateLimit.js';
import { redisUnavailable } from './bus.js';

/** A command on `redis` (the bus's command connection, which fails at once while Redis is away). */
async function command<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch {
    throw redisUnavailable();
  }
}

// KEYS: the limits' keys. ARGV: now, window (ms), this attempt's member, then each key's limit.
// Answers 0 when counted, else the ms until the fullest key has room (as the memory limiter does).
const RESERVE = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local wait = 0
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = redis.call('ZCARD', key)
  local limit = tonumber(ARGV[3 + i])
  if count >= limit then
    local oldest = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
    wait = math.max(wait, tonumber(oldest[2]) + window - now, 1)
  end
end
if wait > 0 then return wait end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('PEXPIRE', key, window)
end
return 0
`;

export function redisAttemptLimits(redis: Redis, namespace: string): AttemptLimits {
  return (name, windowSeconds) => {
    const windowMs = windowSeconds * 1000;
    const keyOf = (key: string) => `atende:${namespace}:limit:${name}:${key}`;
    return {
      async reserve(limits) {
        const keys = limits.map(({ key }) => keyOf(key));
        const member = `${Date.now()}:${randomBytes(6).toString('hex')}`;
        const wait = Number(await command(() => redis.eval(RESERVE, keys.length, ...keys, Date.now(), windowMs, member, ...limits.map(({ limit }) => limit))));
        if (wait > 0) return { ok: false, retryAfter: Math.max(1, Math.ceil(wait / 1000)) };
        return {
          ok: true,
          release() {
            void Promise.all(keys.map((key) => redis.zrem(key, member))).catch(() => undefined);
          },
        };
      },
      async reset(key) {
        await command(() => redis.del(keyOf(key)));
      },
    };
  };
}
