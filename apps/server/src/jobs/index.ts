import type { AppContext } from '../context.ts';
import { guestJobHandlers } from '../modules/auth/guests.jobs.ts';
import { badgeJobHandlers } from '../modules/badges/badges.jobs.ts';
import { chatJobHandlers } from '../modules/chat/chat.jobs.ts';
import { domainJobHandlers } from '../modules/clients/domains.jobs.ts';
import { reportingJobHandlers } from '../modules/reporting/reporting.jobs.ts';
import { IMPORT_JOB, importJobHandler } from '../modules/users/commands/import-invitations.ts';
import { notifyJob } from './notify.ts';
import { createPushSenders } from './push/senders.ts';
import { pushJob } from './push.ts';
import type { JobHandler } from './runner.ts';

/** Every job kind this server runs, by the kind stored in jobs.kind. */
export function createJobHandlers(
  ctx: Pick<AppContext, 'bus' | 'config' | 'mailer' | 'storage'>,
): Record<string, JobHandler> {
  return {
    notify: notifyJob(ctx),
    push: pushJob(createPushSenders(ctx.config)),
    ...badgeJobHandlers(),
    ...chatJobHandlers(ctx),
    [IMPORT_JOB]: importJobHandler(ctx),
    ...guestJobHandlers(),
    ...reportingJobHandlers(ctx),
    ...domainJobHandlers(ctx),
  };
}
