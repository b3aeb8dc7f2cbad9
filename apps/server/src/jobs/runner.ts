import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { selectRows } from '../db/client.ts';
import { runInBackground } from '../db/scheduler.ts';
import { withTransaction } from '../db/transaction.ts';
import type { Bus } from '../lib/bus.ts';
import { onJobsEnqueued, yieldToRequests } from '../lib/jobs.ts';

/** A job the runner claimed: `attempts` already counts this run. */
export interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export interface JobHandler {
  /**
   * Run inside one transaction together with marking the job done, so its database work happens exactly once.
   * Only for handlers that make no network call: a transaction must never wait on the network.
   */
  transactional?: boolean;
  /** Does the work; may return a callback to run after the work is committed (e.g. a bus message). */
  run(
    payload: Record<string, unknown>,
    jc: { db: Db; job: ClaimedJob },
  ): Promise<void | (() => Promise<void>)>;
}

export interface JobRunnerOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  /** Carries wake-ups to the runners of other instances. */
  bus?: Bus;
  /** Idle poll interval (default 1 s). */
  pollMs?: number;
  /** Jobs claimed per statement; small, because PGlite serves every request on one connection (default 5). */
  batchSize?: number;
  /**
   * Run the jobs of a batch at once instead of one after another: for jobs that mostly wait on other servers
   * (webhook deliveries), so that one slow endpoint does not hold up the rest of the batch.
   */
  parallel?: boolean;
  /** Attempts before a failing job is left with its error (default 5). */
  maxAttempts?: number;
  /** Delay before retry number `attempt + 1` (default 10 s doubling, at most 1 h). */
  backoffMs?: (attempt: number) => number;
  /** A job locked longer than this is taken to be from a crashed run and claimed again (default 5 min). */
  lockTimeoutMs?: number;
  /** Done jobs older than this are deleted (default 3 days). */
  retentionMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface JobRunner {
  /** Starts polling (and listening for wake-ups). */
  start(): void;
  /** Claims and runs jobs until none is due; resolves with how many ran. For tests and scripts. */
  drain(): Promise<number>;
  /** Stops polling; the job running now finishes, jobs claimed but not started are released. */
  stop(): Promise<void>;
  /** Deletes old done jobs and gives up on jobs abandoned on their last attempt. */
  sweep(): Promise<void>;
}

const WAKE_CHANNEL = 'jobs:wake';
// After a wake-up, poll again shortly: the enqueuing transaction may not have committed yet.
const WAKE_RETRIES_MS = [50, 250];
const SWEEP_EVERY_MS = 10 * 60_000;

const defaultBackoff = (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 3600_000);

/** Drains the `jobs` table: claims small batches with FOR UPDATE SKIP LOCKED, runs handlers by kind, retries. */
export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const { db, handlers, bus } = opts;
  const kinds = Object.keys(handlers);
  const pollMs = opts.pollMs ?? 1000;
  const batchSize = opts.batchSize ?? 5;
  const maxAttempts = opts.maxAttempts ?? 5;
  const backoff = opts.backoffMs ?? defaultBackoff;
  const lockSecs = (opts.lockTimeoutMs ?? 5 * 60_000) / 1000;
  const retentionSecs = (opts.retentionMs ?? 3 * 86_400_000) / 1000;
  const log = opts.log ?? ((message, error) => console.warn(message, error));
  const instance = randomUUID();

  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let retries: number[] = [];
  let lastSweep = 0;
  let chain: Promise<unknown> = Promise.resolve();
  let unsubscribe = () => {};

  async function claim(): Promise<ClaimedJob[]> {
    if (kinds.length === 0) return [];
    const kindList = sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    );
    return selectRows<ClaimedJob>(
      db,
      sql`update jobs set locked_at = now(), attempts = attempts + 1
          where id in (
            select id from jobs
            where done_at is null and attempts < ${maxAttempts} and run_at <= now() and kind in (${kindList})
              and (locked_at is null or locked_at < now() - make_interval(secs => ${lockSecs}))
            order by run_at, id
            limit ${batchSize}
            for update skip locked)
          returning id, kind, payload, attempts`,
    );
  }

  async function runOne(job: ClaimedJob): Promise<void> {
    const handler = handlers[job.kind]!;
    let after: (() => Promise<void>) | undefined;
    try {
      if (handler.transactional) {
        await withTransaction(db, async (tx) => {
          after = (await handler.run(job.payload, { db: tx, job })) || undefined;
          await markDone(tx, job.id);
        });
      } else {
        after = (await handler.run(job.payload, { db, job })) || undefined;
        await markDone(db, job.id);
      }
    } catch (error) {
      await markFailed(job, error).catch((e: unknown) => log(`job ${job.id}: could not record failure`, e));
      return;
    }
    if (after)
      await after().catch((e: unknown) => log(`job ${job.id} (${job.kind}): after-commit step failed`, e));
  }

  async function markDone(on: Db, id: string) {
    await on.execute(sql`update jobs set done_at = now(), locked_at = null, error = null where id = ${id}`);
  }

  async function markFailed(job: ClaimedJob, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    const isFinal = job.attempts >= maxAttempts;
    const runAt = isFinal ? null : new Date(Date.now() + backoff(job.attempts));
    if (isFinal)
      log(`job ${job.id} (${job.kind}) failed for good after ${job.attempts} attempts: ${message}`);
    await db.execute(
      sql`update jobs set locked_at = null, error = ${message.slice(0, 2000)},
            run_at = coalesce(${runAt?.toISOString() ?? null}::timestamptz, run_at)
          where id = ${job.id}`,
    );
  }

  /** One batch: claim, run one by one (or all at once), release what a stop left unstarted. */
  async function runBatch(): Promise<number> {
    const claimed = await claim();
    if (opts.parallel) {
      await Promise.all(claimed.map(runOne));
      return claimed.length;
    }
    let ran = 0;
    for (const job of claimed) {
      if (stopped) {
        const rest = claimed.slice(ran).map((j) => sql`${j.id}::uuid`);
        await db.execute(
          sql`update jobs set locked_at = null, attempts = attempts - 1 where id in (${sql.join(rest, sql`, `)})`,
        );
        break;
      }
      await runOne(job);
      ran++;
      // Jobs on the embedded database never wait on I/O: let requests in between them.
      await yieldToRequests();
    }
    return ran;
  }

  // Batches never overlap within one runner: drain() and the poll loop share this chain.
  // Their database work waits in the scheduler's background lane, behind requests' work.
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const next = chain.then(() => runInBackground(work));
    chain = next.catch(() => undefined);
    return next;
  }

  function schedule(ms: number) {
    if (stopped || !started) return;
    clearTimeout(timer);
    timer = setTimeout(() => void loop(), ms);
    timer.unref?.();
  }

  async function loop() {
    let delay = pollMs;
    try {
      const n = await serial(runBatch);
      if (n >= batchSize) delay = 0;
      else if (n === 0 && retries.length > 0) delay = retries.shift()!;
      if (Date.now() - lastSweep > SWEEP_EVERY_MS) await serial(sweep);
    } catch (error) {
      log('job runner: poll failed', error);
    }
    schedule(delay);
  }

  function wake() {
    retries = [...WAKE_RETRIES_MS];
    schedule(0);
  }

  async function sweep() {
    lastSweep = Date.now();
    await db.execute(
      sql`delete from jobs where id in (
            select id from jobs where done_at < now() - make_interval(secs => ${retentionSecs}) limit 1000)`,
    );
    await db.execute(
      sql`update jobs set locked_at = null,
            error = coalesce(error || ' / ', '') || 'abandoned: still locked after its last attempt'
          where done_at is null and attempts >= ${maxAttempts} and locked_at is not null
            and locked_at < now() - make_interval(secs => ${lockSecs})`,
    );
  }

  return {
    start() {
      if (started) return;
      started = true;
      const offLocal = onJobsEnqueued((enqueued) => {
        if (!enqueued.some((k) => kinds.includes(k))) return;
        wake();
        void bus?.publish(WAKE_CHANNEL, instance).catch(() => undefined);
      });
      bus?.subscribe(WAKE_CHANNEL, (from) => {
        if (from !== instance) wake();
      });
      unsubscribe = offLocal;
      schedule(0);
    },
    async drain() {
      let total = 0;
      for (;;) {
        const n = await serial(runBatch);
        total += n;
        if (n === 0) return total;
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      await chain;
    },
    sweep: () => serial(sweep),
  };
}

/**
 * Several runners as one, each draining its own job kinds with its own loop: jobs that wait on other servers
 * (webhook deliveries) then never wait behind, or hold up, the ones that only touch the database. `drain()` runs
 * them all until none has a job due (a job of one may enqueue a job of another).
 */
export function combineJobRunners(runners: readonly JobRunner[]): JobRunner {
  return {
    start: () => {
      for (const runner of runners) runner.start();
    },
    async drain() {
      let total = 0;
      for (;;) {
        let ran = 0;
        for (const runner of runners) ran += await runner.drain();
        total += ran;
        if (ran === 0) return total;
      }
    },
    async stop() {
      await Promise.all(runners.map((runner) => runner.stop()));
    },
    async sweep() {
      for (const runner of runners) await runner.sweep();
    },
  };
}
