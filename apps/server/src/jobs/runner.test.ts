import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase, selectRows } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { enqueueJob, enqueueJobs } from '../lib/jobs.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { unique } from '../test/factories.ts';
import { combineJobRunners, createJobRunner, type JobHandler } from './runner.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const jobsOf = (kind: string) => t.ctx.db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.id);

/** A handler that records the ids it ran. */
function recording(ran: string[], work: () => Promise<void> = async () => {}): JobHandler {
  return {
    async run(_payload, { job }) {
      ran.push(job.id);
      await work();
    },
  };
}

/** A second connection (pool) to the test database: a real second instance on PostgreSQL. */
async function secondConnection(): Promise<{ db: Db; database: Database | null }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl || t.ctx.database.kind !== 'postgres') return { db: t.ctx.db, database: null };
  const [row] = await selectRows<{ name: string }>(t.ctx.db, sql`select current_database() as name`);
  const url = new URL(adminUrl);
  url.pathname = `/${row!.name}`;
  const database = await openDatabase({ url: url.toString() });
  return { db: database.db, database };
}

describe('job runner', () => {
  it('runs a due job once and marks it done; a job of a later time waits', async () => {
    const kind = unique('test-run-');
    const ran: string[] = [];
    const runner = createJobRunner({ db: t.ctx.db, handlers: { [kind]: recording(ran) } });
    await enqueueJob(t.ctx.db, kind, { n: 1 });
    await enqueueJob(t.ctx.db, kind, { n: 2 }, new Date(Date.now() + 3600_000));
    expect(await runner.drain()).toBe(1);
    const [done, later] = await jobsOf(kind);
    expect(ran).toEqual([done!.id]);
    expect(done).toMatchObject({ attempts: 1, lockedAt: null, error: null });
    expect(done!.doneAt).toBeInstanceOf(Date);
    expect(later).toMatchObject({ attempts: 0, doneAt: null });
    expect(await runner.drain()).toBe(0);
  });

  it('retries a failing handler with backoff, then keeps the last error after the last attempt', async () => {
    const kind = unique('test-fail-');
    let calls = 0;
    const delays: number[] = [];
    const handler: JobHandler = {
      async run() {
        calls++;
        throw new Error(`boom ${calls}`);
      },
    };
    const runner = createJobRunner({
      db: t.ctx.db,
      handlers: { [kind]: handler },
      maxAttempts: 3,
      backoffMs: (attempt) => {
        delays.push(attempt);
        return 0;
      },
      log: () => {},
    });
    await enqueueJob(t.ctx.db, kind, {});
    await runner.drain();
    expect(calls).toBe(3);
    expect(delays).toEqual([1, 2]);
    const [job] = await jobsOf(kind);
    expect(job).toMatchObject({ attempts: 3, doneAt: null, lockedAt: null, error: 'boom 3' });
    // Given up: never claimed again.
    expect(await runner.drain()).toBe(0);
    expect(calls).toBe(3);
  });

  it('schedules a retry later by the backoff, and runs it once due', async () => {
    const kind = unique('test-backoff-');
    let shouldFail = true;
    const runner = createJobRunner({
      db: t.ctx.db,
      handlers: {
        [kind]: {
          async run() {
            if (shouldFail) throw new Error('not yet');
          },
        },
      },
      backoffMs: () => 3600_000,
    });
    await enqueueJob(t.ctx.db, kind, {});
    await runner.drain();
    const [waiting] = await jobsOf(kind);
    expect(waiting).toMatchObject({ attempts: 1, doneAt: null, error: 'not yet' });
    expect(waiting!.runAt.getTime()).toBeGreaterThan(Date.now() + 3000_000);
    await t.ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, waiting!.id));
    shouldFail = false;
    expect(await runner.drain()).toBe(1);
    expect((await jobsOf(kind))[0]).toMatchObject({ attempts: 2, error: null });
  });

  it('claims again a job locked long ago (a crash mid-job), but not one locked just now', async () => {
    const kind = unique('test-crash-');
    const ran: string[] = [];
    const runner = createJobRunner({
      db: t.ctx.db,
      handlers: { [kind]: recording(ran) },
      lockTimeoutMs: 60_000,
    });
    await enqueueJobs(t.ctx.db, [
      { kind, payload: { which: 'crashed' } },
      { kind, payload: { which: 'running' } },
    ]);
    const [crashed, running] = await jobsOf(kind);
    await t.ctx.db
      .update(jobs)
      .set({ lockedAt: new Date(Date.now() - 3600_000), attempts: 1 })
      .where(eq(jobs.id, crashed!.id));
    await t.ctx.db.update(jobs).set({ lockedAt: new Date(), attempts: 1 }).where(eq(jobs.id, running!.id));
    expect(await runner.drain()).toBe(1);
    expect(ran).toEqual([crashed!.id]);
    const after = await jobsOf(kind);
    expect(after[0]).toMatchObject({ attempts: 2, lockedAt: null });
    expect(after[0]!.doneAt).toBeInstanceOf(Date);
    expect(after[1]).toMatchObject({ attempts: 1, doneAt: null });
  });

  it('never runs one job twice with two runners draining at once', async () => {
    const kind = unique('test-race-');
    const ran: string[] = [];
    const second = await secondConnection();
    // The pause lets the two runners interleave; it is not asserted on.
    const work = () => new Promise<void>((resolve) => setTimeout(resolve, 2));
    const a = createJobRunner({ db: t.ctx.db, handlers: { [kind]: recording(ran, work) }, batchSize: 3 });
    const b = createJobRunner({ db: second.db, handlers: { [kind]: recording(ran, work) }, batchSize: 3 });
    await enqueueJobs(
      t.ctx.db,
      Array.from({ length: 40 }, (_, i) => ({ kind, payload: { i } })),
    );
    try {
      const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
      expect(ranA + ranB).toBe(40);
    } finally {
      await second.database?.close();
    }
    expect(ran).toHaveLength(40);
    expect(new Set(ran).size).toBe(40);
    const rows = await jobsOf(kind);
    expect(rows.every((r) => r.attempts === 1 && r.doneAt !== null)).toBe(true);
  });

  it('runs a transactional handler and its done mark together: a failure leaves no trace of its work', async () => {
    const kind = unique('test-tx-');
    const runner = createJobRunner({
      db: t.ctx.db,
      handlers: {
        [kind]: {
          transactional: true,
          async run(_payload, { db }) {
            await enqueueJob(db, `${kind}-child`, {});
            throw new Error('rolled back');
          },
        },
      },
      maxAttempts: 1,
      log: () => {},
    });
    await enqueueJob(t.ctx.db, kind, {});
    await runner.drain();
    expect(await jobsOf(`${kind}-child`)).toEqual([]);
    expect((await jobsOf(kind))[0]).toMatchObject({ error: 'rolled back', doneAt: null });
  });

  it('wakes at once when a job is enqueued, and on stop finishes the job it is running', async () => {
    const kind = unique('test-wake-');
    let release = () => {};
    let started = () => {};
    const isStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const runner = createJobRunner({
      db: t.ctx.db,
      handlers: {
        [kind]: {
          async run() {
            started();
            await new Promise<void>((resolve) => {
              release = resolve;
            });
          },
        },
      },
      // No poll would find it in this test: only the wake-up can.
      pollMs: 3600_000,
    });
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await enqueueJob(t.ctx.db, kind, {});
    await isStarted;
    const stopping = runner.stop();
    release();
    await stopping;
    const [job] = await jobsOf(kind);
    expect(job!.doneAt).toBeInstanceOf(Date);
  });

  it('sweeps done jobs older than the retention, and gives up on one abandoned on its last attempt', async () => {
    const kind = unique('test-sweep-');
    const runner = createJobRunner({
      db: t.ctx.db,
      handlers: { [kind]: recording([]) },
      retentionMs: 86_400_000,
      maxAttempts: 2,
    });
    await enqueueJobs(t.ctx.db, [
      { kind, payload: { age: 'old' } },
      { kind, payload: { age: 'new' } },
      { kind, payload: { age: 'abandoned' } },
    ]);
    const [old, recent, abandoned] = await jobsOf(kind);
    await t.ctx.db
      .update(jobs)
      .set({ doneAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(jobs.id, old!.id));
    await t.ctx.db.update(jobs).set({ doneAt: new Date() }).where(eq(jobs.id, recent!.id));
    await t.ctx.db
      .update(jobs)
      .set({ attempts: 2, lockedAt: new Date(Date.now() - 3600_000) })
      .where(eq(jobs.id, abandoned!.id));
    await runner.sweep();
    const left = await jobsOf(kind);
    expect(left.map((j) => j.id)).toEqual([recent!.id, abandoned!.id]);
    expect(left[1]).toMatchObject({ lockedAt: null, doneAt: null });
    expect(left[1]!.error).toMatch(/abandoned/);
  });

  it('runs a parallel batch at once: jobs that wait on each other all finish', async () => {
    const kind = unique('test-parallel-');
    const started: string[] = [];
    let release = () => {};
    const allStarted = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Each job waits until all three have started: one after another, the first would wait for ever.
    const runner = createJobRunner({
      db: t.ctx.db,
      parallel: true,
      handlers: {
        [kind]: recording(started, async () => {
          if (started.length === 3) release();
          await allStarted;
        }),
      },
    });
    await enqueueJobs(
      t.ctx.db,
      [1, 2, 3].map((n) => ({ kind, payload: { n } })),
    );
    expect(await runner.drain()).toBe(3);
    expect((await jobsOf(kind)).every((j) => j.doneAt !== null)).toBe(true);
  });

  it('drains combined runners until neither has a job due, each running its own kinds', async () => {
    const [first, second] = [unique('test-first-'), unique('test-second-')];
    const ran: string[] = [];
    const runner = combineJobRunners([
      createJobRunner({
        db: t.ctx.db,
        handlers: {
          [first]: {
            async run(_payload, { db }) {
              ran.push(first);
              // A job of the one runner enqueues a job of the other.
              await enqueueJob(db, second, {});
            },
          },
        },
      }),
      createJobRunner({
        db: t.ctx.db,
        handlers: {
          [second]: recording([], async () => {
            ran.push(second);
          }),
        },
      }),
    ]);
    await enqueueJob(t.ctx.db, first, {});
    expect(await runner.drain()).toBe(2);
    expect(ran).toEqual([first, second]);
    await runner.stop();
  });
});
