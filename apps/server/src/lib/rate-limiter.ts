import type { Redis } from 'ioredis';

/** Counts events per key in fixed windows; backed by memory or Redis. */
export interface RateLimiter {
  /** Current count of the key's window. */
  count(key: string): Promise<number>;
  /** Adds one event; returns the new count. */
  hit(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
  /** Marks the key blocked for `ms` from now (replacing any earlier block). */
  block(key: string, ms: number): Promise<void>;
  /** How many milliseconds the key stays blocked; 0 when it is not. */
  blockedFor(key: string): Promise<number>;
}

/** Most keys the in-process limiter keeps: they come from requests (addresses, emails), so they need a bound. */
const MAX_KEYS = 100_000;

/** In-process limiter; enough for one instance. */
export function createMemoryRateLimiter(now: () => number = Date.now, maxKeys = MAX_KEYS): RateLimiter {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.resetAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  const put = (key: string, entry: { count: number; resetAt: number }) => {
    entries.set(key, entry);
    if (entries.size <= maxKeys) return;
    for (const k of entries.keys()) live(k);
    // Still full of live windows: the oldest ones go (a Map iterates in insertion order).
    for (const k of entries.keys()) {
      if (entries.size <= maxKeys * 0.9) break;
      entries.delete(k);
    }
  };
  return {
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async hit(key, windowMs) {
      const e = live(key) ?? { count: 0, resetAt: now() + windowMs };
      e.count += 1;
      put(key, e);
      return e.count;
    },
    async reset(key) {
      entries.delete(key);
    },
    async block(key, ms) {
      entries.delete(key);
      put(key, { count: 1, resetAt: now() + ms });
    },
    async blockedFor(key) {
      const e = live(key);
      return e ? e.resetAt - now() : 0;
    },
  };
}

/** Limiter shared by every instance through Redis. */
export function createRedisRateLimiter(redis: Redis): RateLimiter {
  const k = (key: string) => `rally:rl:${key}`;
  return {
    async count(key) {
      return Number((await redis.get(k(key))) ?? 0);
    },
    async hit(key, windowMs) {
      const [[, n]] = (await redis.multi().incr(k(key)).pexpire(k(key), windowMs, 'NX').exec()) as [
        [unknown, number],
      ];
      return n;
    },
    async reset(key) {
      await redis.del(k(key));
    },
    async block(key, ms) {
      await redis.set(k(key), '1', 'PX', Math.max(1, Math.ceil(ms)));
    },
    async blockedFor(key) {
      return Math.max(0, await redis.pttl(k(key)));
    },
  };
}
