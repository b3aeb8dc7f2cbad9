import type { AppContext } from '../context.ts';
import { badgeJobHandlers } from '../modules/badges/badges.jobs.ts';
import { notifyJob } from './notify.ts';
import { createPushSenders } from './push/senders.ts';
import { pushJob } from './push.ts';
import type { JobHandler } from './runner.ts';

/** Every job kind this server runs, by the kind stored in jobs.kind. */
export function createJobHandlers(ctx: Pick<AppContext, 'bus' | 'config'>): Record<string, JobHandler> {
  return {
    notify: notifyJob(ctx),
    push: pushJob(createPushSenders(ctx.config)),
    ...badgeJobHandlers(),
  };
}
