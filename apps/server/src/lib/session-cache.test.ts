import { describe, expect, it } from 'vitest';
import { createMemoryBus, createRedisBus } from './bus.ts';
import { SessionCache } from './session-cache.ts';

const row = (id: string) => ({ id, session_id: `s-${id}`, client_id: 'c' });

describe('SessionCache', () => {
  it('answers cached rows until the user is invalidated', async () => {
    const cache = new SessionCache(createMemoryBus());
    cache.set('t1', row('u1'));
    cache.set('t2', row('u1'));
    cache.set('t3', row('u2'));
    expect(cache.get('t1')?.id).toBe('u1');
    await cache.invalidateUser('u1');
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t2')).toBeUndefined();
    expect(cache.get('t3')?.id).toBe('u2');
  });

  it('expires entries after the TTL and keeps at most maxEntries', async () => {
    const short = new SessionCache(createMemoryBus(), 0);
    short.set('t', row('u'));
    expect(short.get('t')).toBeUndefined();
    const small = new SessionCache(createMemoryBus(), 60_000, 2);
    small.set('a', row('1'));
    small.set('b', row('2'));
    small.set('c', row('3'));
    expect(small.get('a')).toBeUndefined();
    expect(small.get('c')?.id).toBe('3');
  });

  it('invalidates the caches of other instances through the bus', async () => {
    const bus = createMemoryBus();
    const one = new SessionCache(bus);
    const two = new SessionCache(bus);
    two.set('t', row('u'));
    await one.invalidateUser('u');
    expect(two.get('t')).toBeUndefined();
  });

  it('keeps a cache on its own channel apart: an API key cache and the sessions invalidate only their own', async () => {
    const bus = createMemoryBus();
    const sessions = new SessionCache(bus);
    const keys = new SessionCache(bus, 30_000, 10, 'api-keys:invalidate');
    const otherKeys = new SessionCache(bus, 30_000, 10, 'api-keys:invalidate');
    sessions.set('s', row('same-id'));
    otherKeys.set('k', row('same-id'));
    await keys.invalidateUser('same-id');
    expect(otherKeys.get('k')).toBeUndefined();
    expect(sessions.get('s')).toEqual(row('same-id'));
  });

  // Runs where a Redis server is configured (CI sets REDIS_URL to its local Redis).
  it.runIf(process.env.REDIS_URL)('invalidates across instances through Redis pub/sub', async () => {
    const url = process.env.REDIS_URL ?? '';
    const busA = createRedisBus(url);
    const busB = createRedisBus(url);
    try {
      const a = new SessionCache(busA);
      const b = new SessionCache(busB);
      // Let the subscriptions reach Redis before publishing.
      await new Promise((r) => setTimeout(r, 200));
      b.set('t', row('redis-user'));
      await a.invalidateUser('redis-user');
      await expect.poll(() => b.get('t'), { timeout: 5_000 }).toBeUndefined();
    } finally {
      await busA.close();
      await busB.close();
    }
  });
});
