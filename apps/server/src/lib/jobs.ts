import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

/**
 * Adds a durable job (DESIGN: jobs are rows, drained by any instance with FOR UPDATE SKIP LOCKED).
 * Call it with the transaction that makes the change the job follows from, so that both land or neither.
 * The runner that drains the table lives in lib/job-runner.ts.
 */
export async function enqueueJob(
  db: Db,
  kind: string,
  payload: Record<string, unknown>,
  runAt: Date = new Date(),
): Promise<void> {
  await db.insert(jobs).values({ kind, payload, runAt });
}
