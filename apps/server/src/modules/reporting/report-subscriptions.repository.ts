import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reportSubscriptions, users } from '../../db/schema/index.ts';
import type { ReportSubscriptionRow } from './report-exports.repository.ts';

/** Adds a subscription. */
export async function insertReportSubscription(
  db: Db,
  values: Pick<
    ReportSubscriptionRow,
    'clientId' | 'userId' | 'report' | 'frequency' | 'filters' | 'nextRunAt'
  >,
): Promise<ReportSubscriptionRow> {
  const [row] = await db.insert(reportSubscriptions).values(values).returning();
  return row!;
}

/** The admin's subscriptions, newest first. */
export async function findOwnSubscriptions(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
) {
  return db
    .select()
    .from(reportSubscriptions)
    .where(and(eq(reportSubscriptions.clientId, clientId), eq(reportSubscriptions.userId, userId)))
    .orderBy(desc(reportSubscriptions.id));
}

/** How many subscriptions the admin holds. */
export async function countOwnSubscriptions(
  db: Db,
  q: { clientId: string; userId: string },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reportSubscriptions)
    .where(and(eq(reportSubscriptions.clientId, q.clientId), eq(reportSubscriptions.userId, q.userId)));
  return Number(row?.n ?? 0);
}

/** The client's subscription with its subscriber's email and role, or undefined. */
export async function getSubscription(db: Db, { clientId, id }: { clientId: string; id: string }) {
  const [row] = await db
    .select({ sub: reportSubscriptions, email: users.email, role: users.role, isActive: users.isActive })
    .from(reportSubscriptions)
    .innerJoin(users, eq(users.id, reportSubscriptions.userId))
    .where(and(eq(reportSubscriptions.clientId, clientId), eq(reportSubscriptions.id, id)));
  return row;
}

/**
 * Moves a subscription from the run `from` to `to` (compare-and-set on next_run_at): true for the one caller that
 * moved it, false when another run already did. Also used to give a failed send back.
 */
export async function moveSubscriptionRun(
  db: Db,
  q: { clientId: string; id: string; from: Date; to: Date; lastSentAt: Date | null },
): Promise<boolean> {
  const rows = await db
    .update(reportSubscriptions)
    .set({ lastSentAt: q.lastSentAt, nextRunAt: q.to })
    .where(
      and(
        eq(reportSubscriptions.clientId, q.clientId),
        eq(reportSubscriptions.id, q.id),
        eq(reportSubscriptions.nextRunAt, q.from),
      ),
    )
    .returning({ id: reportSubscriptions.id });
  return rows.length > 0;
}

/** Deletes the admin's subscription; false when there is none of theirs with this id. */
export async function deleteOwnSubscription(db: Db, q: { clientId: string; userId: string; id: string }) {
  const rows = await db
    .delete(reportSubscriptions)
    .where(
      and(
        eq(reportSubscriptions.clientId, q.clientId),
        eq(reportSubscriptions.userId, q.userId),
        eq(reportSubscriptions.id, q.id),
      ),
    )
    .returning({ id: reportSubscriptions.id });
  return rows.length > 0;
}
