import type { ListQuery, Role, TeamStanding } from '@rally/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import { ALL_PROJECTS, teamMembers, teams, users } from '../../db/schema/index.ts';
import { keyset } from '../../lib/pagination.ts';
import { PERSON_COLUMNS, presentPerson } from '../users/people.presenter.ts';

export type TeamRow = typeof teams.$inferSelect;

/** A team of the client, or undefined (another client's id looks like a missing one). */
export async function getTeam(
  db: Db,
  { clientId, teamId }: { clientId: string; teamId: string },
): Promise<TeamRow | undefined> {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.clientId, clientId), eq(teams.id, teamId)));
  return row;
}

/** Whether the user belongs to the client's team. */
export async function isTeamMember(
  db: Db,
  { clientId, teamId, userId }: { clientId: string; teamId: string; userId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(
      and(eq(teamMembers.clientId, clientId), eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)),
    );
  return (row?.n ?? 0) > 0;
}

/** Number of members of the client's team. */
export async function countTeamMembers(
  db: Db,
  { clientId, teamId }: { clientId: string; teamId: string },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.clientId, clientId), eq(teamMembers.teamId, teamId)));
  return Number(row?.n ?? 0);
}

/** Puts the user in the client's team (nothing when they are in it already). */
export async function addTeamMember(
  db: Db,
  { clientId, teamId, userId }: { clientId: string; teamId: string; userId: string },
): Promise<void> {
  await db.insert(teamMembers).values({ clientId, teamId, userId }).onConflictDoNothing();
}

/** Takes the user out of the client's team. */
export async function removeTeamMember(
  db: Db,
  { clientId, teamId, userId }: { clientId: string; teamId: string; userId: string },
): Promise<void> {
  await db
    .delete(teamMembers)
    .where(
      and(eq(teamMembers.clientId, clientId), eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)),
    );
}

/**
 * Puts these users of the client in the client's team (those in it already stay as they are); ids of another client's
 * users or team put nobody anywhere.
 */
export async function addTeamMembers(
  db: Db,
  { clientId, teamId, userIds }: { clientId: string; teamId: string; userIds: readonly string[] },
): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(
    sql`insert into team_members (client_id, team_id, user_id)
      select ${clientId}, t.id, u.id from teams t join users u on u.client_id = t.client_id
      where t.client_id = ${clientId} and t.id = ${teamId}
        and u.id in (${sql.join(
          userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
      on conflict do nothing`,
  );
}

/** Takes these users out of the client's team. */
export async function removeTeamMembers(
  db: Db,
  { clientId, teamId, userIds }: { clientId: string; teamId: string; userIds: readonly string[] },
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .delete(teamMembers)
    .where(
      and(
        eq(teamMembers.clientId, clientId),
        eq(teamMembers.teamId, teamId),
        inArray(teamMembers.userId, [...userIds]),
      ),
    );
}

/** The discoverable teams of the client the user is not in, by name (at most 200). */
export async function findDiscoverableTeams(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
) {
  return selectRows<{ id: string; name: string; image_url: string | null }>(
    db,
    sql`
    select t.id, t.name, t.image_url from teams t
    where t.client_id = ${clientId} and t.is_discoverable
      and not exists (select 1 from team_members tm where tm.team_id = t.id and tm.user_id = ${userId})
    order by t.name limit 200`,
  );
}

/** A team as the admin list shows it, with its member count. */
export interface AdminTeamRow {
  id: string;
  name: string;
  description: string | null;
  image_url: string | null;
  is_discoverable: boolean;
  member_count: number;
  created_at: Date | string;
}

/** The client's teams (or the one of `teamId`) with member counts, by name. */
export async function findAdminTeams(
  db: Db,
  { clientId, teamId }: { clientId: string; teamId?: string },
): Promise<AdminTeamRow[]> {
  return selectRows<AdminTeamRow>(
    db,
    sql`
      select t.id, t.name, t.description, t.image_url, t.is_discoverable, t.created_at,
        (select count(*) from team_members tm where tm.team_id = t.id)::int as member_count
      from teams t
      where t.client_id = ${clientId} ${teamId ? sql`and t.id = ${teamId}` : sql``}
      order by lower(t.name), t.id`,
  );
}

/** What a team is made or edited with; undefined fields of an edit stay as they are. */
export interface TeamFields {
  name: string;
  description: string | null;
  imageUrl: string | null;
  isDiscoverable: boolean;
}

/** Adds a team to the client; returns its id. */
export async function insertTeam(
  db: Db,
  { clientId, team }: { clientId: string; team: TeamFields },
): Promise<string> {
  const [row] = await db
    .insert(teams)
    .values({ clientId, ...team })
    .returning({ id: teams.id });
  return row!.id;
}

/** Sets the fields the change carries (Drizzle leaves out undefined ones) on the client's team. */
export async function updateTeam(
  db: Db,
  { clientId, teamId, changes }: { clientId: string; teamId: string; changes: Partial<TeamFields> },
): Promise<void> {
  await db
    .update(teams)
    .set(changes)
    .where(and(eq(teams.id, teamId), eq(teams.clientId, clientId)));
}

/** Deletes the client's team (its memberships go with it). */
export async function deleteTeam(db: Db, { clientId, teamId }: { clientId: string; teamId: string }) {
  await db.delete(teams).where(and(eq(teams.id, teamId), eq(teams.clientId, clientId)));
}

/** Takes the team out of the team tags of the client's users (leads' tags name teams by id). */
export async function removeTeamFromTags(
  db: Db,
  { clientId, teamId }: { clientId: string; teamId: string },
): Promise<void> {
  await db
    .update(users)
    .set({ teamTags: sql`array_remove(${users.teamTags}, ${teamId})` })
    .where(and(eq(users.clientId, clientId), sql`${teamId} = any(${users.teamTags})`));
}

/** A user of the client that may be placed in a team, with their role; undefined when none. */
export async function findTeamCandidate(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<{ id: string; role: Role } | undefined> {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.clientId, clientId)));
  return row;
}

/**
 * Points and rank of every team of the client in each leaderboard period: a team's points are the sum of its
 * current members' rows of leaderboard_points (all projects); rank = 1 + teams with more points (ties share).
 */
export async function findTeamStandings(
  db: Db,
  { clientId }: { clientId: string },
): Promise<Map<string, TeamStanding[]>> {
  const rows = await selectRows<{
    team_id: string;
    period: TeamStanding['period'];
    points: number;
    rank: number;
  }>(
    db,
    sql`
    with periods(period, start) as (
      values ('week', date_trunc('week', now() at time zone 'utc')::date),
             ('month', date_trunc('month', now() at time zone 'utc')::date),
             ('all', date '1970-01-01')
    ),
    tp as (
      select t.id as team_id, p.period, coalesce(sum(lp.points), 0)::int as points
      from teams t
      cross join periods p
      left join team_members tm on tm.team_id = t.id
      left join leaderboard_points lp on lp.client_id = t.client_id and lp.user_id = tm.user_id
        and lp.period = p.period and lp.period_start = p.start and lp.project_id = ${ALL_PROJECTS}::uuid
      where t.client_id = ${clientId}
      group by t.id, p.period
    )
    select team_id, period, points, (rank() over (partition by period order by points desc))::int as rank
    from tp`,
  );
  const order = { week: 0, month: 1, all: 2 } as const;
  const byTeam = new Map<string, TeamStanding[]>();
  for (const row of rows) {
    const list = byTeam.get(row.team_id) ?? [];
    list.push({ period: row.period, points: Number(row.points), rank: Number(row.rank) });
    byTeam.set(row.team_id, list);
  }
  for (const list of byTeam.values()) list.sort((a, b) => order[a.period] - order[b.period]);
  return byTeam;
}

/** The member's teams with member counts, by name. */
export async function findMyTeams(db: Db, { clientId, userId }: { clientId: string; userId: string }) {
  return selectRows<{
    id: string;
    name: string;
    image_url: string | null;
    description: string | null;
    member_count: number;
  }>(
    db,
    sql`
    select t.id, t.name, t.image_url, t.description,
      (select count(*) from team_members c where c.team_id = t.id)::int as member_count
    from team_members tm join teams t on t.id = tm.team_id
    where tm.user_id = ${userId} and t.client_id = ${clientId}
    order by t.name, t.id`,
  );
}

/** A page of a team's active members, newest accounts first (keyset on the user id). */
export async function findTeamMembers(
  db: Db,
  { clientId, teamId, query }: { clientId: string; teamId: string; query: ListQuery },
) {
  const page = keyset(
    users.id,
    query,
    and(eq(teamMembers.teamId, teamId), eq(users.clientId, clientId), eq(users.isActive, true)),
  );
  const rows = await db
    .select(PERSON_COLUMNS)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(page.where)
    .orderBy(page.orderBy)
    .limit(page.limit);
  const { items, nextCursor } = page.finish(rows);
  return { members: items.map(presentPerson), next_cursor: nextCursor };
}
