import type { Db } from '../../../db/client.ts';
import { enqueueJob } from '../../../lib/jobs.ts';
import { countMembers, findMemberIdsAfter, getBadge, setRecomputeProgress } from '../badges.repository.ts';
import { evaluateBadges } from './evaluate-badges.ts';

/** Members evaluated per job (one transaction): small, so no statement holds PGlite for long. */
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
 * One step of a recomputation: the next members by id, then the next step, or the end. Runs in the transaction of
 * its job (so a retry never enqueues the next step twice).
 */
export async function recomputeStep(
  tx: Db,
  p: { clientId: string; badgeId: string; after: string | null; done: number },
): Promise<void> {
  const badge = await getBadge(tx, { clientId: p.clientId, id: p.badgeId });
  if (!badge) return;
  const ids = await findMemberIdsAfter(tx, {
    clientId: p.clientId,
    after: p.after,
    limit: RECOMPUTE_CHUNK,
  });
  for (const userId of ids)
    await evaluateBadges(tx, { clientId: p.clientId, userId, badgeId: p.badgeId, isBackfill: true });
  const done = p.done + ids.length;
  if (ids.length === RECOMPUTE_CHUNK) {
    await setRecomputeProgress(tx, {
      clientId: p.clientId,
      id: p.badgeId,
      total: badge.recomputeTotal,
      done,
    });
    await enqueueJob(tx, RECOMPUTE_JOB, { ...p, after: ids[ids.length - 1]!, done });
  } else {
    await setRecomputeProgress(tx, { clientId: p.clientId, id: p.badgeId, total: null, done });
  }
}
