import type { AppContext } from '../context.ts';
import { guestJobHandlers } from '../modules/auth/guests.jobs.ts';
import { badgeJobHandlers } from '../modules/badges/badges.jobs.ts';
import { chatJobHandlers } from '../modules/chat/chat.jobs.ts';
import { domainJobHandlers } from '../modules/clients/domains.jobs.ts';
import { reportingJobHandlers } from '../modules/reporting/reporting.jobs.ts';
import { IMPORT_JOB, importJobHandler } from '../modules/users/commands/import-job.ts';
import { webhookDeliveryHandlers, webhookJobHandlers } from '../modules/webhooks/webhooks.jobs.ts';
import { notifyJob } from './notify.ts';
import { createPushSenders } from './push/senders.ts';
import { pushJob } from './push.ts';
import {
  combineJobRunners,
  createJobRunner,
  type JobHandler,
  type JobRunner,
  type JobRunnerOptions,
} from './runner.ts';

type HandlerContext = Pick<AppContext, 'bus' | 'config' | 'mailer' | 'secrets' | 'storage'>;

/** Every job kind this server runs, by the kind stored in jobs.kind. */
export function createJobHandlers(ctx: HandlerContext): Record<string, JobHandler> {
  return { ...databaseJobHandlers(ctx), ...networkJobHandlers(ctx) };
}

/** The kinds that wait on other servers for seconds (an endpoint's answer), not on the database. */
function networkJobHandlers(ctx: HandlerContext): Record<string, JobHandler> {
  return webhookDeliveryHandlers(ctx);
}

/**
 * The server's job runner: one loop for the jobs that work on the database, and one for those that wait on other
 * servers (running a batch at once), so a slow webhook endpoint never delays a notification, and the reverse.
 */
export function createJobRunners(
  ctx: HandlerContext,
  opts: Omit<JobRunnerOptions, 'handlers' | 'parallel' | 'batchSize'>,
): JobRunner {
  return combineJobRunners([
    createJobRunner({ ...opts, handlers: databaseJobHandlers(ctx) }),
    createJobRunner({ ...opts, handlers: networkJobHandlers(ctx), parallel: true, batchSize: 10 }),
  ]);
}

function databaseJobHandlers(ctx: HandlerContext): Record<string, JobHandler> {
  return {
    notify: notifyJob(ctx),
    push: pushJob(createPushSenders(ctx.config)),
    ...badgeJobHandlers(),
    ...chatJobHandlers(ctx),
    [IMPORT_JOB]: importJobHandler(ctx),
    ...guestJobHandlers(),
    ...reportingJobHandlers(ctx),
    ...domainJobHandlers(ctx),
    ...webhookJobHandlers(ctx),
  };
}
