import type { JobHandler } from '../../jobs/runner.ts';
import { evaluateBadges } from './commands/evaluate-badges.ts';
import { RECOMPUTE_JOB, recomputeStep } from './commands/recompute-badge.ts';

/** Enqueued by triggers (migration 0006) for every ledger row, participation and share change of a member. */
export const EVALUATE_JOB = 'badges.evaluate';

/**
 * The badge jobs: evaluating one member after an event, in one transaction with marking the job done, so a retry
 * never awards or notifies twice; and a recomputation step, a short transaction per member (recomputeStep), so a
 * recomputation over thousands of members never holds the embedded database for long (bench: jobs-under-load).
 */
export function badgeJobHandlers(): Record<string, JobHandler> {
  return {
    [EVALUATE_JOB]: {
      transactional: true,
      async run(payload, { db }) {
        const { clientId, userId } = payload as { clientId: string; userId: string };
        await evaluateBadges(db, { clientId, userId });
      },
    },
    [RECOMPUTE_JOB]: {
      async run(payload, { db }) {
        await recomputeStep(db, payload as Parameters<typeof recomputeStep>[1]);
      },
    },
  };
}
