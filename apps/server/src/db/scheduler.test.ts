import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKGROUND_MAX_WAIT_MS,
  DatabaseBusyError,
  DbScheduler,
  runInBackground,
  runInLane,
  setLaneTracking,
} from './scheduler.ts';

/** A piece of work that finishes when `release` is called, recording when it started. */
function gate(log: string[], name: string) {
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    release: () => release(),
    work: async () => {
      log.push(name);
      await done;
      return name;
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

// These tests look at the order itself, so requests always carry their lanes (the app does so only under load).
beforeAll(() => setLaneTracking('always'));
// Test files share a worker's modules (vitest.config.ts: isolate false): the next file gets the app's default.
afterAll(() => setLaneTracking('adaptive'));

describe('DbScheduler', () => {
  it('runs one piece of work at a time on one connection, and writes go before waiting reads', async () => {
    const s = new DbScheduler({ concurrency: 1, limit: 100, timeoutMs: 5_000 });
    const log: string[] = [];
    const first = gate(log, 'first read');
    const running = runInLane('read', () => s.run(first.work));
    const reads = [1, 2, 3].map((n) => runInLane('read', () => s.run(async () => log.push(`read ${n}`))));
    const write = runInLane('write', () => s.run(async () => log.push('write')));
    await tick();
    expect(log).toEqual(['first read']);
    expect(s.waiting).toEqual({ write: 1, read: 3, background: 0 });
    first.release();
    await Promise.all([running, write, ...reads]);
    expect(log).toEqual(['first read', 'write', 'read 1', 'read 2', 'read 3']);
  });

  it('serves the oldest request first, so requests finish in the order they came', async () => {
    const s = new DbScheduler({ concurrency: 1, limit: 100, timeoutMs: 5_000 });
    const log: string[] = [];
    const blocker = gate(log, 'blocker');
    const held = s.run(blocker.work);
    // Request A came first; its second query is queued after B's first one, and still goes before it.
    const a = runInLane('read', async () => {
      await s.run(async () => log.push('A1'));
      await s.run(async () => log.push('A2'));
    });
    const b = runInLane('read', async () => {
      await s.run(async () => log.push('B1'));
      await s.run(async () => log.push('B2'));
    });
    await tick();
    expect(s.waiting.read).toBe(2);
    blocker.release();
    await Promise.all([held, a, b]);
    expect(log).toEqual(['blocker', 'A1', 'A2', 'B1', 'B2']);
  });

  it('lets a read through after a burst of writes, so writes cannot starve reads', async () => {
    const s = new DbScheduler({ concurrency: 1, limit: 100, timeoutMs: 5_000, writeBurst: 2 });
    const log: string[] = [];
    const blocker = gate(log, 'blocker');
    const held = s.run(blocker.work);
    const read = runInLane('read', () => s.run(async () => log.push('read')));
    const writes = [1, 2, 3, 4].map((n) =>
      runInLane('write', () => s.run(async () => log.push(`write ${n}`))),
    );
    await tick();
    blocker.release();
    await Promise.all([held, read, ...writes]);
    expect(log).toEqual(['blocker', 'write 1', 'write 2', 'read', 'write 3', 'write 4']);
  });

  it("puts a job's work (its transactions too) behind requests' work, until it has waited its longest", async () => {
    const s = new DbScheduler({ concurrency: 1, limit: 100, timeoutMs: 5_000 });
    const log: string[] = [];
    const blocker = gate(log, 'blocker');
    const held = s.run(blocker.work);
    const job = runInBackground(() => s.run(async () => log.push('job transaction'), 'write'));
    const read = runInLane('read', () => s.run(async () => log.push('read')));
    const write = runInLane('write', () => s.run(async () => log.push('write')));
    await tick();
    expect(s.waiting).toEqual({ write: 1, read: 1, background: 1 });
    blocker.release();
    await Promise.all([held, job, read, write]);
    expect(log).toEqual(['blocker', 'write', 'read', 'job transaction']);

    // A job kept waiting BACKGROUND_MAX_WAIT_MS goes before requests' work that waits.
    log.length = 0;
    const long = gate(log, 'long read');
    const longRead = runInLane('read', () => s.run(long.work));
    const aged = runInBackground(() => s.run(async () => log.push('aged job')));
    await new Promise((resolve) => setTimeout(resolve, BACKGROUND_MAX_WAIT_MS + 20));
    const late = runInLane('read', () => s.run(async () => log.push('late read')));
    long.release();
    await Promise.all([longRead, aged, late]);
    expect(log).toEqual(['long read', 'aged job', 'late read']);
  });

  it("starts each piece of a job's work on a later turn of the event loop, so requests' I/O gets in", async () => {
    const s = new DbScheduler({ concurrency: 1, limit: 100, timeoutMs: 5_000 });
    const order: string[] = [];
    setImmediate(() => order.push('a request arrives'));
    const job = runInBackground(async () => {
      await s.run(async () => order.push('job query 1'));
      await s.run(async () => order.push('job query 2'));
    });
    // A request's own query, by contrast, starts at once when nothing waits.
    await s.run(async () => order.push('request query'));
    await job;
    expect(order).toEqual(['request query', 'a request arrives', 'job query 1', 'job query 2']);
  });

  it("gives a request's next query the grace to come before a job's waiting piece", async () => {
    const s = new DbScheduler({ concurrency: 1, limit: 100, timeoutMs: 5_000 });
    const log: string[] = [];
    const blocker = gate(log, 'request query 1');
    const request = runInLane('read', async () => {
      await s.run(blocker.work);
      // The request works a little between its queries (under the grace period).
      await new Promise((resolve) => setImmediate(resolve));
      await s.run(async () => log.push('request query 2'));
    });
    const job = runInBackground(() => s.run(async () => log.push('job')));
    await tick();
    blocker.release();
    await Promise.all([request, job]);
    expect(log).toEqual(['request query 1', 'request query 2', 'job']);
  });

  it('refuses work at once with 503 when a lane is full, and after waiting too long', async () => {
    const s = new DbScheduler({ concurrency: 1, limit: 2, timeoutMs: 100 });
    const log: string[] = [];
    const blocker = gate(log, 'blocker');
    const held = s.run(blocker.work);
    const waiting = [1, 2].map(() => runInLane('read', () => s.run(async () => 'late')));
    const full = runInLane('read', () => s.run(async () => 'never'));
    await expect(full).rejects.toBeInstanceOf(DatabaseBusyError);
    await expect(full).rejects.toMatchObject({ statusCode: 503, code: 'busy', retryAfterSeconds: 1 });
    // Writes have a line of their own: a full read lane does not refuse them.
    const write = runInLane('write', () => s.run(async () => 'written'));
    for (const w of waiting) await expect(w).rejects.toThrow(/waited over 0.1 s for the database/);
    await expect(write).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(s.refused).toEqual({ full: 1, timeout: 3 });
    blocker.release();
    await held;
    // Once the connection is free, work runs again.
    expect(await s.run(async () => 'ok')).toBe('ok');
    expect(s.waiting).toEqual({ write: 0, read: 0, background: 0 });
  });

  it('runs up to its concurrency at once (a PostgreSQL pool)', async () => {
    const s = new DbScheduler({ concurrency: 3, limit: 100, timeoutMs: 5_000 });
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 12 }, () =>
        s.run(async () => {
          running += 1;
          most = Math.max(most, running);
          await tick();
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(3);
  });

  it('frees the turn when the work fails', async () => {
    const s = new DbScheduler({ concurrency: 1, limit: 10, timeoutMs: 5_000 });
    await expect(s.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await s.run(async () => 'next')).toBe('next');
  });
});
