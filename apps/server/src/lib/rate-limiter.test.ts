import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter.ts';

function behavesAsALimiter(make: () => RateLimiter) {
  it('counts hits per key within the window and resets', async () => {
    const limiter = make();
    const key = `k-${Math.random()}`;
    expect(await limiter.count(key)).toBe(0);
    expect(await limiter.hit(key, 60_000)).toBe(1);
    expect(await limiter.hit(key, 60_000)).toBe(2);
    expect(await limiter.count(key)).toBe(2);
    expect(await limiter.count(`${key}-other`)).toBe(0);
    await limiter.reset(key);
    expect(await limiter.count(key)).toBe(0);
  });

  it('blocks a key for a while, a new block replacing the old', async () => {
    const limiter = make();
    const key = `b-${Math.random()}`;
    expect(await limiter.blockedFor(key)).toBe(0);
    await limiter.block(key, 60_000);
    const left = await limiter.blockedFor(key);
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(60_000);
    await limiter.block(key, 5_000);
    expect(await limiter.blockedFor(key)).toBeLessThanOrEqual(5_000);
    await limiter.reset(key);
    expect(await limiter.blockedFor(key)).toBe(0);
  });
}

describe('memory rate limiter', () => {
  behavesAsALimiter(() => createMemoryRateLimiter());

  it('forgets a window once it has passed', async () => {
    let now = 1_000;
    const limiter = createMemoryRateLimiter(() => now);
    await limiter.hit('a', 100);
    await limiter.hit('a', 100);
    now += 101;
    expect(await limiter.count('a')).toBe(0);
    expect(await limiter.hit('a', 100)).toBe(1);
    await limiter.block('b', 50);
    now += 51;
    expect(await limiter.blockedFor('b')).toBe(0);
  });

  it('keeps at most its bound of keys, dropping the oldest live ones first', async () => {
    const limiter = createMemoryRateLimiter(Date.now, 100);
    for (let i = 0; i < 1_000; i += 1) await limiter.hit(`key-${i}`, 60_000);
    expect(await limiter.count('key-0')).toBe(0);
    expect(await limiter.count('key-999')).toBe(1);
    let kept = 0;
    for (let i = 0; i < 1_000; i += 1) kept += await limiter.count(`key-${i}`);
    expect(kept).toBeLessThanOrEqual(100);
  });
});

// Runs where a Redis server is configured (CI sets REDIS_URL to its local Redis).
describe.runIf(process.env.REDIS_URL)('redis rate limiter', () => {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  afterAll(() => redis.disconnect());
  behavesAsALimiter(() => createRedisRateLimiter(redis));

  it('sets an expiry on the window', async () => {
    const key = `exp-${Math.random()}`;
    await createRedisRateLimiter(redis).hit(key, 5_000);
    const ttl = await redis.pttl(`rally:rl:${key}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5_000);
  });
});
