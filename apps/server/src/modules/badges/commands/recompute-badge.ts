import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { enqueueJob, yieldToRequests } from '../../../lib/jobs.ts';
import {
  advanceRecomputeProgress,
  countMembers,
  findMemberIdsAfter,
  getBadge,
  setRecomputeProgress,
} from '../badges.repository.ts';
import { evaluateBadges } from './evaluate-badges.ts';

/** Members evaluated per job (one short transaction each, see recomputeStep). */
export const RECOMPUTE_CHUNK = 100;

export const RECOMPUTE_JOB = 'badges.recompute';

/**
 * Starts re-evaluating every member of the client for one badge (after it was created, its criterion changed, or
 * it was restored), as a chain of durable jobs; its progress shows on the badge. Call with the transaction of the
 * change.
 */
export async function startRecompute(db: Db, { clientId, badgeId }: { clientId: string; badgeId: string }) {
  const total = await countMembers(db, { clientId });
  await setRecomputeProgress(db, { clientId, id: badgeId, total, done: 0 });
  await enqueueJob(db, RECOMPUTE_JOB, { clientId, badgeId, after: null, done: 0 });
}

/**
 * One step of a recomputation: the next RECOMPUTE_CHUNK members by id, each evaluated in its own short transaction
 * with the database left to waiting requests between them (on the embedded database a transaction holds the one
 * connection: a step's hundred members in one would keep every other client waiting for a second), then the next
 * step, or the end, recorded in one more transaction. Evaluating a member again changes nothing, so a step run again
 * after a stop re-evaluates its members harmlessly, and the progress it moves on (advanceRecomputeProgress) keeps it
 * from starting the next step twice.
 */
export async function recomputeStep(
  db: Db,
  p: { clientId: string; badgeId: string; after: string | null; done: number },
): Promise<void> {
  const badge = await getBadge(db, { clientId: p.clientId, id: p.badgeId });
  if (!badge) return;
  const ids = await findMemberIdsAfter(db, {
    clientId: p.clientId,
    after: p.after,
    limit: RECOMPUTE_CHUNK,
  });
  for (const userId of ids) {
    await withTransaction(db, (tx) =>
      evaluateBadges(tx, { clientId: p.clientId, userId, badgeId: p.badgeId, isBackfill: true }),
    );
    await yieldToRequests();
  }
  const done = p.done + ids.length;
  const hasMore = ids.length === RECOMPUTE_CHUNK;
  await withTransaction(db, async (tx) => {
    const moved = await advanceRecomputeProgress(tx, {
      clientId: p.clientId,
      id: p.badgeId,
      from: p.done,
      total: hasMore ? badge.recomputeTotal : null,
      done,
    });
    if (moved && hasMore) await enqueueJob(tx, RECOMPUTE_JOB, { ...p, after: ids[ids.length - 1]!, done });
  });
}
