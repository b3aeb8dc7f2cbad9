import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import { ALL_PROJECTS, badgeEvents, badges, userBadges } from '../../db/schema/index.ts';

export type BadgeRecord = typeof badges.$inferSelect;
export type NewBadge = Omit<typeof badges.$inferInsert, 'id' | 'clientId' | 'position'>;

/** A badge with how many members hold it. */
export interface AdminBadgeRow extends BadgeRecord {
  earnedCount: number;
}

/** A member's award of one tier of a badge. */
export interface AwardRow {
  badge_id: string;
  tier: number;
  reason: string | null;
  awarded_by: string | null;
  created_at: Date | string;
}

const earnedCount = sql<number>`(select count(distinct ub.user_id)::int from user_badges ub where ub.badge_id = ${badges.id})`;

/** The client's badges, live ones by position then archived ones, with their holders counted. */
export async function listBadges(db: Db, { clientId }: { clientId: string }): Promise<AdminBadgeRow[]> {
  return db
    .select({ ...getTableColumns(badges), earnedCount })
    .from(badges)
    .where(eq(badges.clientId, clientId))
    .orderBy(sql`${badges.archivedAt} is not null`, badges.position, badges.id);
}

/** One badge of the client, with its holders counted; undefined for another client's id. */
export async function getBadge(
  db: Db,
  { clientId, id }: { clientId: string; id: string },
): Promise<AdminBadgeRow | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(badges), earnedCount })
    .from(badges)
    .where(and(eq(badges.clientId, clientId), eq(badges.id, id)));
  return row;
}

/** Adds a badge after the client's others. */
export async function insertBadge(
  db: Db,
  { clientId, badge }: { clientId: string; badge: NewBadge },
): Promise<string> {
  const [row] = await db
    .insert(badges)
    .values({
      ...badge,
      clientId,
      position: sql`(select coalesce(max(position) + 1, 0) from badges where client_id = ${clientId})`,
    })
    .returning({ id: badges.id });
  return row!.id;
}

/** Changes a badge of the client; false when there is none with that id. */
export async function updateBadge(
  db: Db,
  { clientId, id, set }: { clientId: string; id: string; set: Partial<NewBadge> },
): Promise<boolean> {
  const rows = await db
    .update(badges)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(badges.clientId, clientId), eq(badges.id, id)))
    .returning({ id: badges.id });
  return rows.length > 0;
}

/** How many of `ids` are badges of the client. */
export async function countBadgesOfClient(db: Db, { clientId, ids }: { clientId: string; ids: string[] }) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(badges)
    .where(and(eq(badges.clientId, clientId), inArray(badges.id, ids)));
  return row?.n ?? 0;
}

/** Puts `ids` first in that order; the client's other badges follow in their old order. */
export async function reorderBadges(db: Db, { clientId, ids }: { clientId: string; ids: string[] }) {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`
    update badges b set position = o.pos - 1, updated_at = now()
    from (
      select id, row_number() over (order by coalesce(array_position(array[${list}], id), 2147483647), position, id) as pos
      from badges where client_id = ${clientId}
    ) o
    where b.id = o.id and b.client_id = ${clientId}`);
}

/** A user of the client who can hold badges (active, not an applicant). */
export async function findMemberOfClient(db: Db, { clientId, userId }: { clientId: string; userId: string }) {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`select id from users where id = ${userId} and client_id = ${clientId} and role <> 'APPLICANT'`,
  );
  return row;
}

/**
 * Serialises badge work on one member until the transaction ends, so parallel evaluations of their events never
 * award after a revocation that saw newer counters (and the reverse).
 */
export async function lockMemberBadges(db: Db, { clientId, userId }: { clientId: string; userId: string }) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`badges:${clientId}:${userId}`}))`);
}

/** The client's live badges that a criterion awards (all of them, or one). */
export async function findAutoBadges(
  db: Db,
  { clientId, badgeId }: { clientId: string; badgeId?: string },
): Promise<BadgeRecord[]> {
  return db
    .select()
    .from(badges)
    .where(
      and(
        eq(badges.clientId, clientId),
        sql`${badges.archivedAt} is null and ${badges.criterion} <> 'manual'`,
        badgeId ? eq(badges.id, badgeId) : undefined,
      ),
    );
}

/**
 * The member's stored figures every criterion reads, by key: the badge_progress counters ('activities',
 * 'activities:{type}', 'shares', 'clicks'), 'points:{period}' (their best week, month, or all time from the
 * leaderboard rollups), 'streak' (longest run of consecutive weeks with points) and 'projects' (projects with
 * every live activity completed, from project_progress).
 */
export async function findMemberMetrics(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<Record<string, number>> {
  const rows = await selectRows<{ metric: string; value: number | string }>(
    db,
    sql`
      select metric, value from badge_progress where client_id = ${clientId} and user_id = ${userId}
      union all
      select 'points:' || period, max(points) from leaderboard_points
        where client_id = ${clientId} and user_id = ${userId} and project_id = ${ALL_PROJECTS}
        group by period
      union all
      select 'streak', coalesce(max(n), 0) from (
        select count(*) as n from (
          select period_start - (row_number() over (order by period_start) * 7)::int as run
          from leaderboard_points
          where client_id = ${clientId} and user_id = ${userId} and project_id = ${ALL_PROJECTS}
            and period = 'week' and points > 0
        ) w group by run
      ) r
      union all
      select 'projects', count(*) from project_progress pp join projects p on p.id = pp.project_id
        where pp.client_id = ${clientId} and pp.user_id = ${userId} and p.activity_count > 0
          and pp.completed_count >= p.activity_count`,
  );
  return Object.fromEntries(rows.map((r) => [r.metric, Number(r.value)]));
}

/** The member's awards of the client's badges. */
export async function findMemberAwards(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<AwardRow[]> {
  return selectRows<AwardRow>(
    db,
    sql`select badge_id, tier, reason, awarded_by, created_at from user_badges
        where client_id = ${clientId} and user_id = ${userId} order by created_at, tier`,
  );
}

/**
 * Awards one tier, once: a second award (a parallel event, a retry) changes nothing. Records the award in
 * badge_events when it is new; returns that record's id, or null when the member already held the tier.
 */
export async function insertAward(
  db: Db,
  a: {
    clientId: string;
    badgeId: string;
    userId: string;
    tier: number;
    reason: string;
    awardedBy?: string | null;
  },
): Promise<string | null> {
  const rows = await db
    .insert(userBadges)
    .values({ ...a, awardedBy: a.awardedBy ?? null })
    .onConflictDoNothing({ target: [userBadges.badgeId, userBadges.userId, userBadges.tier] })
    .returning({ tier: userBadges.tier });
  if (rows.length === 0) return null;
  const [event] = await db
    .insert(badgeEvents)
    .values({
      clientId: a.clientId,
      badgeId: a.badgeId,
      userId: a.userId,
      tier: a.tier,
      action: 'award',
      reason: a.reason,
      actorId: a.awardedBy ?? null,
    })
    .returning({ id: badgeEvents.id });
  return event!.id;
}

/** Takes tiers of a badge back, recording each revocation in badge_events; returns the tiers taken. */
export async function deleteAwards(
  db: Db,
  r: {
    clientId: string;
    badgeId: string;
    userId: string;
    tiers: number[];
    reason: string;
    actorId?: string | null;
  },
): Promise<number[]> {
  if (r.tiers.length === 0) return [];
  const rows = await db
    .delete(userBadges)
    .where(
      and(
        eq(userBadges.clientId, r.clientId),
        eq(userBadges.badgeId, r.badgeId),
        eq(userBadges.userId, r.userId),
        inArray(userBadges.tier, r.tiers),
      ),
    )
    .returning({ tier: userBadges.tier });
  if (rows.length > 0) {
    await db.insert(badgeEvents).values(
      rows.map((row) => ({
        clientId: r.clientId,
        badgeId: r.badgeId,
        userId: r.userId,
        tier: row.tier,
        action: 'revoke',
        reason: r.reason,
        actorId: r.actorId ?? null,
      })),
    );
  }
  return rows.map((row) => row.tier);
}

/** The badge's award and revocation record for a member, oldest first. */
export async function findBadgeEvents(
  db: Db,
  { clientId, userId, badgeId }: { clientId: string; userId: string; badgeId: string },
) {
  return db
    .select()
    .from(badgeEvents)
    .where(
      and(
        eq(badgeEvents.clientId, clientId),
        eq(badgeEvents.userId, userId),
        eq(badgeEvents.badgeId, badgeId),
      ),
    )
    .orderBy(badgeEvents.id);
}

/** The next members of the client after `after` by id (active people who can hold badges), for a recomputation. */
export async function findMemberIdsAfter(
  db: Db,
  { clientId, after, limit }: { clientId: string; after: string | null; limit: number },
): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select id from users where client_id = ${clientId} and role <> 'APPLICANT'
          and ${after ? sql`id > ${after}` : sql`true`}
        order by id limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

export async function countMembers(db: Db, { clientId }: { clientId: string }): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where client_id = ${clientId} and role <> 'APPLICANT'`,
  );
  return row?.n ?? 0;
}

/** Records how far a recomputation is: total null when none runs. */
export async function setRecomputeProgress(
  db: Db,
  { clientId, id, total, done }: { clientId: string; id: string; total: number | null; done: number },
) {
  await db
    .update(badges)
    .set({ recomputeTotal: total, recomputeDone: done })
    .where(and(eq(badges.clientId, clientId), eq(badges.id, id)));
}

/**
 * Moves a recomputation's progress on from `from` members to `done` (total null when it ended), only when it still
 * stands at `from`; answers whether it did. A step run again after its end was committed (the run stopped before its
 * job was marked done) finds the progress moved on and starts no second next step.
 */
export async function advanceRecomputeProgress(
  db: Db,
  q: { clientId: string; id: string; from: number; total: number | null; done: number },
): Promise<boolean> {
  const rows = await db
    .update(badges)
    .set({ recomputeTotal: q.total, recomputeDone: q.done })
    .where(and(eq(badges.clientId, q.clientId), eq(badges.id, q.id), eq(badges.recomputeDone, q.from)))
    .returning({ id: badges.id });
  return rows.length > 0;
}

/** Badges a member sees in stats: the client's live ones, and archived ones they hold. */
export async function findStatsBadges(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<BadgeRecord[]> {
  return db
    .select()
    .from(badges)
    .where(
      and(
        eq(badges.clientId, clientId),
        sql`(${badges.archivedAt} is null or exists (
          select 1 from user_badges ub where ub.badge_id = ${badges.id} and ub.user_id = ${userId}))`,
      ),
    )
    .orderBy(badges.position, badges.id);
}

/** Everything GET /api/stats shows, from stored state: badges, the member's awards and figures. */
export async function findMemberStats(db: Db, q: { clientId: string; userId: string }) {
  const list = await findStatsBadges(db, q);
  const awards = await findMemberAwards(db, q);
  const metrics = list.some((b) => b.criterion !== 'manual') ? await findMemberMetrics(db, q) : {};
  return { list, awards, metrics };
}

/** A member holding a badge: their highest tier. */
export interface HolderRow {
  id: string;
  email: string | null;
  username: string | null;
  display_username: boolean;
  first_name: string | null;
  last_name: string | null;
  image_url: string | null;
  tier: number;
  reason: string | null;
  awarded_by: string | null;
  earned_at: Date | string;
}

/** Members holding a badge of the client, by member id after `cursor`; one more than `limit` tells of a next page. */
export async function findBadgeHolders(
  db: Db,
  q: { clientId: string; badgeId: string; cursor?: string; limit: number },
): Promise<HolderRow[]> {
  return selectRows<HolderRow>(
    db,
    sql`select u.id, u.email, u.username, u.display_username, u.first_name, u.last_name, u.image_url,
          max(ub.tier) as tier,
          (array_agg(ub.reason order by ub.tier desc))[1] as reason,
          (array_agg(ub.awarded_by order by ub.tier desc))[1] as awarded_by,
          max(ub.created_at) as earned_at
        from user_badges ub join users u on u.id = ub.user_id and u.client_id = ub.client_id
        where ub.client_id = ${q.clientId} and ub.badge_id = ${q.badgeId}
          and ${q.cursor ? sql`ub.user_id > ${q.cursor}` : sql`true`}
        group by u.id order by u.id limit ${q.limit + 1}`,
  );
}
