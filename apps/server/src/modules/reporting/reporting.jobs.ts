import type { AppContext } from '../../context.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { cleanupJobHandler } from './commands/cleanup-exports.ts';
import { CLEANUP_JOB, EXPORT_JOB, exportJobHandler } from './commands/export-report.ts';
import { SUBSCRIPTION_JOB, subscriptionJobHandler } from './commands/send-report-subscriptions.ts';

/** Reporting's durable jobs: exports, their removal at expiry, and scheduled report emails. */
export function reportingJobHandlers(
  ctx: Pick<AppContext, 'mailer' | 'storage'>,
): Record<string, JobHandler> {
  return {
    [EXPORT_JOB]: exportJobHandler(ctx),
    [CLEANUP_JOB]: cleanupJobHandler(ctx),
    [SUBSCRIPTION_JOB]: subscriptionJobHandler(ctx),
  };
}
