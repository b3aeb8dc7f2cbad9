import { EventEmitter } from 'node:events';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

/** A job to add: its kind names the handler (see jobs/index.ts), the payload is what the handler needs. */
export interface NewJob {
  /** Its id, when the caller names the job's work by it (a CSV import); a new one by default. */
  id?: string;
  kind: string;
  payload: Record<string, unknown>;
  /** Not before this time (default now). */
  runAt?: Date;
}

// Enqueues in this process wake the runner at once instead of at its next poll (jobs/runner.ts listens).
const signals = new EventEmitter();
signals.setMaxListeners(0);

/** Called with the kinds just enqueued in this process; returns the unsubscribe function. */
export function onJobsEnqueued(listener: (kinds: string[]) => void): () => void {
  signals.on('enqueued', listener);
  return () => signals.off('enqueued', listener);
}

/**
 * Adds a durable job (DESIGN: jobs are rows, drained by any instance with FOR UPDATE SKIP LOCKED).
 * Call it with the transaction that makes the change the job follows from, so that both land or neither.
 * The runner that drains the table lives in jobs/runner.ts.
 */
export async function enqueueJob(
  db: Db,
  kind: string,
  payload: Record<string, unknown>,
  runAt: Date = new Date(),
): Promise<void> {
  await enqueueJobs(db, [{ kind, payload, runAt }]);
}

/** Adds several jobs in one statement (a fan-out), with the same transaction rule as enqueueJob. */
export async function enqueueJobs(db: Db, list: NewJob[]): Promise<void> {
  if (list.length === 0) return;
  const now = new Date();
  await db
    .insert(jobs)
    .values(list.map((j) => ({ id: j.id, kind: j.kind, payload: j.payload, runAt: j.runAt ?? now })));
  if (list.some((j) => !j.runAt || j.runAt <= now)) {
    signals.emit('enqueued', [...new Set(list.map((j) => j.kind))]);
  }
}

/**
 * Lets the event loop take in what waits (requests, timers) before a job's next batch: on the embedded database a
 * job's queries resolve without I/O, so a job that never yields would keep every request out until it ends.
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
