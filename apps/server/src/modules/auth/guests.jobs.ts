import type { JobHandler } from '../../jobs/runner.ts';
import {
  anyGhostLeft,
  deleteIdleGhosts,
  GUEST_CLEANUP_JOB,
  scheduleGuestCleanup,
} from './guests.repository.ts';

/** Ghosts removed per statement; the job loops until none is left, in one transaction with marking it done. */
const BATCH = 500;

/**
 * The daily removal of guests idle for 30 days (with their sessions), across clients. Each run schedules the next
 * one a day later while any guest is left; POST /api/guests schedules it again when there is none.
 */
export function guestJobHandlers(): Record<string, JobHandler> {
  return {
    [GUEST_CLEANUP_JOB]: {
      transactional: true,
      async run(_payload, { db, job }) {
        while ((await deleteIdleGhosts(db, { limit: BATCH })) === BATCH) {
          // Keep going: a full batch means there may be more.
        }
        if (await anyGhostLeft(db)) await scheduleGuestCleanup(db, { exceptJobId: job.id });
      },
    },
  };
}
