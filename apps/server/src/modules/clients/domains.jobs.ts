import type { AppContext } from '../../context.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { checkDomain } from './commands/check-domain.ts';
import { createDomainChecker } from './domains.dns.ts';
import { isPastRecheckWindow } from './domains.presenter.ts';
import { DOMAIN_CHECK_JOB, findDomainByHost } from './domains.repository.ts';

/** Wait before background check number `attempt + 1`: 1 min doubling, at most 30 min. */
export const recheckDelayMs = (attempt: number) => Math.min(60_000 * 2 ** (attempt - 1), 30 * 60_000);

/**
 * The background check of a pending domain: looks its TXT record up, and while it is missing schedules the next
 * check (backing off) until DOMAIN_RECHECK_WINDOW_HOURS after the domain was added. One chain per added domain
 * (the payload names the row by its creation time, so a chain of a removed and re-added host stops). The check
 * that verifies it tells every instance's tenant cache to forget the host, so the app answers there at once.
 */
export function domainJobHandlers(ctx: Pick<AppContext, 'bus' | 'config'>): Record<string, JobHandler> {
  const checker = createDomainChecker(ctx.config);
  return {
    [DOMAIN_CHECK_JOB]: {
      async run(payload, { db }) {
        const host = String(payload.host);
        const attempt = Number(payload.attempt) || 1;
        const row = await findDomainByHost(db, { host });
        if (!row?.verificationToken || row.verifiedAt || isPastRecheckWindow(row)) return;
        if (payload.added !== undefined && payload.added !== row.createdAt.getTime()) return;
        const result = await checkDomain(
          db,
          checker,
          { ...row, verificationToken: row.verificationToken },
          null,
        );
        if (result?.isNewlyVerified) return () => ctx.bus.publish('clients:changed', '');
        const runAt = new Date(Date.now() + recheckDelayMs(attempt));
        if (!isPastRecheckWindow(row, runAt.getTime())) {
          await enqueueJob(
            db,
            DOMAIN_CHECK_JOB,
            { host, attempt: attempt + 1, added: row.createdAt.getTime() },
            runAt,
          );
        }
      },
    },
  };
}
