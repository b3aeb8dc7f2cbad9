import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reportExports, type reportSubscriptions } from '../../db/schema/index.ts';

export type ReportExportRow = typeof reportExports.$inferSelect;
export type ReportSubscriptionRow = typeof reportSubscriptions.$inferSelect;

/** Adds an export, running from its first step. */
export async function insertReportExport(
  db: Db,
  values: Pick<ReportExportRow, 'clientId' | 'userId' | 'report' | 'format' | 'filters'>,
): Promise<ReportExportRow> {
  const [row] = await db.insert(reportExports).values(values).returning();
  return row!;
}

/** The client's export with this id, or undefined. */
export async function getReportExport(db: Db, { clientId, id }: { clientId: string; id: string }) {
  const [row] = await db
    .select()
    .from(reportExports)
    .where(and(eq(reportExports.clientId, clientId), eq(reportExports.id, id)));
  return row;
}

/** Saves an export's progress (or its end). */
export async function updateReportExport(
  db: Db,
  { clientId, id, patch }: { clientId: string; id: string; patch: Partial<ReportExportRow> },
): Promise<void> {
  await db
    .update(reportExports)
    .set(patch)
    .where(and(eq(reportExports.clientId, clientId), eq(reportExports.id, id)));
}

/** Exports past their expiry (any client), oldest first, for the cleanup job. */
export async function findExpiredExports(db: Db, { now, limit }: { now: Date; limit: number }) {
  return db
    .select({ id: reportExports.id, clientId: reportExports.clientId, storageKey: reportExports.storageKey })
    .from(reportExports)
    .where(lt(reportExports.expiresAt, now))
    .orderBy(reportExports.expiresAt)
    .limit(limit);
}

/** Deletes one export row. */
export async function deleteReportExport(db: Db, { clientId, id }: { clientId: string; id: string }) {
  await db.delete(reportExports).where(and(eq(reportExports.clientId, clientId), eq(reportExports.id, id)));
}
