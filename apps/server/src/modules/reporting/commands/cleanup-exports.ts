import type { AppContext } from '../../../context.ts';
import type { JobHandler } from '../../../jobs/runner.ts';
import { deleteReportExport, findExpiredExports } from '../report-exports.repository.ts';

/** Expired exports handled per query. */
const BATCH = 100;

/**
 * Removes exports past their expiry: the file from storage first, then the row (a failure part-way leaves the
 * row, so the next run removes the file again, harmlessly). Each finished export schedules one run at its expiry.
 */
export function cleanupJobHandler(ctx: Pick<AppContext, 'storage'>): JobHandler {
  return {
    async run(_payload, { db }) {
      for (;;) {
        const expired = await findExpiredExports(db, { now: new Date(), limit: BATCH });
        for (const row of expired) {
          if (row.storageKey) await ctx.storage.remove(row.storageKey);
          await deleteReportExport(db, { clientId: row.clientId, id: row.id });
        }
        if (expired.length < BATCH) return;
      }
    },
  };
}
