import type { AppContext } from '../../context.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import {
  BROADCAST_DELIVER_JOB,
  BROADCAST_FANOUT_JOB,
  deliverBroadcast,
  fanoutStep,
} from './commands/deliver-broadcast.ts';

/**
 * Chat's jobs: a broadcast's fan-out steps, each in one transaction with marking the job done, so a retry never
 * lists twice; and deliveries, a short transaction per recipient that claims its delivery, so a retry never delivers
 * twice (bench: jobs-under-load); live events go out after each commit.
 */
export function chatJobHandlers(ctx: Pick<AppContext, 'bus'>): Record<string, JobHandler> {
  return {
    [BROADCAST_FANOUT_JOB]: {
      transactional: true,
      async run(payload, { db }) {
        await fanoutStep(db, payload as Parameters<typeof fanoutStep>[1]);
      },
    },
    [BROADCAST_DELIVER_JOB]: {
      async run(payload, { db }) {
        await deliverBroadcast(db, ctx.bus, payload as Parameters<typeof deliverBroadcast>[2]);
      },
    },
  };
}
