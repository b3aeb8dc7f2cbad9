import type { ProfileActivity } from '@rally/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import { ALL_PROJECTS, users } from '../../db/schema/index.ts';
import { visibleToMember } from '../projects/projects.repository.ts';

/**
 * Who looks at a profile: their id, and whether they see every team and project (`seesAllOfProfile` in
 * profiles.policy.ts decides) or only what they may see as a member.
 */
export interface ProfileViewer {
  id: string;
  seesAll: boolean;
}

/** One user of the client, as stored. */
export async function getProfileUser(db: Db, input: { clientId: string; userId: string }) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.clientId, input.clientId), eq(users.id, input.userId)));
  return row;
}

const iso = (v: Date | string) => new Date(v).toISOString();
const RECENT = 10;
const EXCERPT = 140;

/** The member's all-time points (all projects) from the leaderboard rollup. */
export async function getAllTimePoints(db: Db, input: { clientId: string; userId: string }): Promise<number> {
  const { clientId, userId } = input;
  const rows = await selectRows<{ points: number }>(
    db,
    sql`select points from leaderboard_points
        where client_id = ${clientId} and period = 'all' and period_start = date '1970-01-01'
          and project_id = ${ALL_PROJECTS}::uuid and user_id = ${userId}`,
  );
  return Number(rows[0]?.points ?? 0);
}

/** Badges the member earned, latest first. */
export async function findEarnedBadges(db: Db, input: { clientId: string; userId: string }) {
  const { clientId, userId } = input;
  const rows = await selectRows<{
    id: string;
    name: string;
    description: string | null;
    image_url: string | null;
    earned_at: Date | string;
  }>(
    db,
    sql`select b.id, b.name, b.description, b.image_url, ub.created_at as earned_at
        from user_badges ub join badges b on b.id = ub.badge_id
        where ub.user_id = ${userId} and ub.client_id = ${clientId} and b.client_id = ${clientId}
        order by ub.created_at desc, b.id`,
  );
  return rows.map((b) => ({ ...b, earned_at: iso(b.earned_at) }));
}

/** The member's teams the viewer may see (hidden teams only to their members, admins and leads), by name. */
export async function findProfileTeams(
  db: Db,
  input: { clientId: string; userId: string; viewer: ProfileViewer },
) {
  const { clientId, userId, viewer } = input;
  // Security: a hidden team's name is not shown to viewers who cannot open it (GET /api/teams/{id} is a 404).
  const visible = viewer.seesAll
    ? sql``
    : sql`and (t.is_discoverable or exists (
        select 1 from team_members v where v.team_id = t.id and v.user_id = ${viewer.id}))`;
  return selectRows<{ id: string; name: string; image_url: string | null }>(
    db,
    sql`select t.id, t.name, t.image_url from team_members tm join teams t on t.id = tm.team_id
        where tm.user_id = ${userId} and t.client_id = ${clientId} ${visible} order by lower(t.name), t.id`,
  );
}

/**
 * The member's latest completed participations (with activity and project titles) and published posts,
 * merged newest first.
 */
export async function findRecentActivity(
  db: Db,
  input: { clientId: string; userId: string; viewer: ProfileViewer },
): Promise<ProfileActivity[]> {
  const { clientId, userId, viewer } = input;
  // Security: only projects the viewer may see, so an invite-only or team project's name does not leak.
  const visible = viewer.seesAll ? sql`` : sql`and ${visibleToMember({ clientId, userId: viewer.id })}`;
  const [done, posted] = await Promise.all([
    selectRows<{
      id: string;
      title: string;
      project: string;
      project_id: string;
      activity_id: string;
      at: Date | string;
    }>(
      db,
      sql`select pa.id, a.title, p.name as project, p.id as project_id, a.id as activity_id, pa.updated_at as at
          from participations pa
          join activities a on a.id = pa.activity_id
          join projects p on p.id = a.project_id
          where pa.user_id = ${userId} and pa.client_id = ${clientId} and pa.is_complete
            and pa.status in ('completed', 'approved') and p.archived_at is null ${visible}
          order by pa.updated_at desc, pa.id desc limit ${RECENT}`,
    ),
    selectRows<{ id: string; body: string; at: Date | string }>(
      db,
      sql`select id, body, created_at as at from posts
          where author_id = ${userId} and client_id = ${clientId} and status = 'published' and kind = 'post'
            and team_id is null
          order by id desc limit ${RECENT}`,
    ),
  ]);
  const items: ProfileActivity[] = [
    ...done.map((d) => ({
      kind: 'participation' as const,
      id: d.id,
      title: d.title,
      context: d.project,
      link: `/projects/${d.project_id}/activities/${d.activity_id}`,
      at: iso(d.at),
    })),
    ...posted.map((p) => ({
      kind: 'post' as const,
      id: p.id,
      title: p.body.length > EXCERPT ? `${p.body.slice(0, EXCERPT - 1).trimEnd()}…` : p.body,
      context: null,
      link: `/community/feed?post=${p.id}`,
      at: iso(p.at),
    })),
  ];
  return items.sort((a, b) => b.at.localeCompare(a.at)).slice(0, RECENT);
}
