import type { ListQuery } from '@rally/shared';
import { and, desc, eq, getTableColumns, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activities, participations, projects, shareClicks, shares, users } from '../../db/schema/index.ts';
import { keyset } from '../../lib/pagination.ts';

export type ShareRow = typeof shares.$inferSelect;

/**
 * The member's tracked link of an activity on a network: made on the first share, answered again on every
 * re-share (an upsert on the unique key, so presses at the same moment meet at one row). The text follows the
 * latest edit until the member confirms they posted it; after that it stays as posted. `isNew` says which.
 * Undefined when the existing row is another client's (never for a member of this client).
 */
export async function upsertShare(
  db: Db,
  q: { clientId: string; userId: string; activityId: string; channel: string; text: string },
): Promise<(ShareRow & { isNew: boolean }) | undefined> {
  const [row] = await db
    .insert(shares)
    .values(q)
    .onConflictDoUpdate({
      target: [shares.userId, shares.activityId, shares.channel],
      set: { text: sql`case when ${shares.sharedAt} is null then excluded.text else ${shares.text} end` },
      // Never another client's row (a user belongs to one client, so this only guards the key).
      setWhere: eq(shares.clientId, q.clientId),
    })
    .returning({ ...getTableColumns(shares), isNew: sql<boolean>`(xmax = 0)` });
  // Undefined only when the key's row belongs to another client: nothing was written.
  return row;
}

/** The member's links of one activity, newest first. */
export async function findActivityShares(
  db: Db,
  q: { clientId: string; userId: string; activityId: string },
): Promise<ShareRow[]> {
  return db
    .select()
    .from(shares)
    .where(
      and(eq(shares.clientId, q.clientId), eq(shares.userId, q.userId), eq(shares.activityId, q.activityId)),
    )
    .orderBy(desc(shares.id));
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

/** Counts one more click on a share of the client; answers the share as it is now (undefined: not the client's). */
export async function incrementShareClicks(db: Db, q: { clientId: string; shareId: string }) {
  const [row] = await db
    .update(shares)
    .set({ clicks: sql`${shares.clicks} + 1` })
    .where(and(eq(shares.id, q.shareId), eq(shares.clientId, q.clientId)))
    .returning({
      id: shares.id,
      userId: shares.userId,
      activityId: shares.activityId,
      channel: shares.channel,
      clicks: shares.clicks,
    });
  return row;
}

/** Filters of the member's shares (My Posts): network, project, and shares made since a moment. */
export interface MemberShareFilters {
  channel?: string;
  projectId?: string;
  since?: Date;
}

/**
 * A page of the member's shares, newest first (SPEC 7 keyset paging on the share id), with the activity,
 * project, participation status, the points the share earned and the post's first creative (images first).
 */
export async function findMemberShares(
  db: Db,
  q: { clientId: string; userId: string; filters: MemberShareFilters; page: ListQuery },
) {
  const page = keyset(
    shares.id,
    q.page,
    and(
      eq(shares.clientId, q.clientId),
      eq(shares.userId, q.userId),
      q.filters.channel ? eq(shares.channel, q.filters.channel) : undefined,
      q.filters.projectId ? eq(activities.projectId, q.filters.projectId) : undefined,
      q.filters.since ? gte(shares.createdAt, q.filters.since) : undefined,
    ),
  );
  const rows = await db
    .select({
      share: shares,
      activity: {
        id: activities.id,
        title: activities.title,
        startsAt: activities.startsAt,
        dueAt: activities.dueAt,
        archivedAt: activities.archivedAt,
      },
      project: {
        id: projects.id,
        name: projects.name,
        startsAt: projects.startsAt,
        endsAt: projects.endsAt,
        archivedAt: projects.archivedAt,
      },
      joined: sql<boolean>`exists (select 1 from project_members m
        where m.project_id = ${projects.id} and m.user_id = ${shares.userId})`,
      participationStatus: participations.status,
      // What its participation earned, less any reversal (the ledger's rows for it, found by their sources).
      points: sql<number>`coalesce((select sum(l.points) from points_ledger l
        where l.client_id = ${shares.clientId}
          and l.source in ('participation:' || ${participations.id}::text,
                           'reversal:participation:' || ${participations.id}::text)
          and ${participations.data}->>'share_id' = ${shares.id}::text), 0)::int`,
      creative: sql<{
        url: string;
        kind: 'image' | 'video';
      } | null>`(select json_build_object('url', c.url, 'kind', c.kind)
        from jsonb_array_elements_text(coalesce(${activities.config}->'creative_ids', '[]'::jsonb))
          with ordinality as e(creative_id, n)
        join creatives c on c.id::text = e.creative_id and c.client_id = ${shares.clientId}
        order by (c.kind = 'image') desc, e.n limit 1)`,
    })
    .from(shares)
    .innerJoin(activities, eq(activities.id, shares.activityId))
    .innerJoin(projects, eq(projects.id, activities.projectId))
    .leftJoin(
      participations,
      and(eq(participations.activityId, shares.activityId), eq(participations.userId, shares.userId)),
    )
    .where(page.where)
    .orderBy(page.orderBy)
    .limit(page.limit);
  return page.finish(rows.map((row) => ({ ...row, id: row.share.id })));
}
export type MemberShareRow = Awaited<ReturnType<typeof findMemberShares>>['items'][number];
