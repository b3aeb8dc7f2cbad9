import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activities, projects, shareClicks, shares, users } from '../../db/schema/index.ts';

export type ShareRow = typeof shares.$inferSelect;

/** Records a member's tracked share of an activity (not posted yet). */
export async function insertShare(
  db: Db,
  q: { clientId: string; userId: string; activityId: string; channel: string; text: string },
): Promise<ShareRow> {
  const [row] = await db.insert(shares).values(q).returning();
  return row!;
}

/** One of the member's own shares, or undefined (unknown, someone else's or another client's). */
export async function getMemberShare(
  db: Db,
  q: { clientId: string; userId: string; shareId: string },
): Promise<ShareRow | undefined> {
  const [row] = await db
    .select()
    .from(shares)
    .where(and(eq(shares.id, q.shareId), eq(shares.clientId, q.clientId), eq(shares.userId, q.userId)));
  return row;
}

/** Marks a share as posted by the member, with the post's URL when they gave one. */
export async function markSharePosted(
  db: Db,
  q: { clientId: string; shareId: string; postUrl: string | null },
): Promise<void> {
  await db
    .update(shares)
    .set({ sharedAt: new Date(), postUrl: q.postUrl })
    .where(and(eq(shares.id, q.shareId), eq(shares.clientId, q.clientId)));
}

/** A share of the client with its activity, project and sharer, as its public page shows it. */
export async function findSharePage(db: Db, q: { clientId: string; shareId: string }) {
  const [row] = await db
    .select({ share: shares, activity: activities, project: projects, user: users })
    .from(shares)
    .innerJoin(activities, eq(activities.id, shares.activityId))
    .innerJoin(projects, eq(projects.id, activities.projectId))
    .innerJoin(users, eq(users.id, shares.userId))
    .where(and(eq(shares.id, q.shareId), eq(shares.clientId, q.clientId)));
  return row;
}

/** Records a visitor of a share once; answers whether this visit was their first. */
export async function insertShareClick(
  db: Db,
  q: { clientId: string; shareId: string; visitorHash: string },
): Promise<boolean> {
  const inserted = await db
    .insert(shareClicks)
    .values(q)
    .onConflictDoNothing()
    .returning({ shareId: shareClicks.shareId });
  return inserted.length > 0;
}

/** Counts one more click on a share of the client. */
export async function incrementShareClicks(db: Db, q: { clientId: string; shareId: string }): Promise<void> {
  await db
    .update(shares)
    .set({ clicks: sql`${shares.clicks} + 1` })
    .where(and(eq(shares.id, q.shareId), eq(shares.clientId, q.clientId)));
}
