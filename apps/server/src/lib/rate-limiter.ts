import type { Redis } from 'ioredis';

/** Counts events per key in fixed windows; backed by memory or Redis. */
export interface RateLimiter {
  /** Current count of the key's window. */
  count(key: string): Promise<number>;
  /** Adds one event; returns the new count. */
  hit(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
}

/** In-process limiter; enough for one instance. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.resetAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async hit(key, windowMs) {
      const e = live(key) ?? { count: 0, resetAt: now() + windowMs };
      e.count += 1;
      entries.set(key, e);
      if (entries.size > 100_000) for (const k of entries.keys()) if (!live(k)) entries.delete(k);
      return e.count;
    },
    async reset(key) {
      entries.delete(key);
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
  };
}
