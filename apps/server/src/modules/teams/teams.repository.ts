import type { ListQuery, TeamStanding } from '@rally/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import { ALL_PROJECTS, teamMembers, teams, users } from '../../db/schema/index.ts';
import { keyset } from '../../lib/pagination.ts';
import { PERSON_COLUMNS, presentPerson } from '../users/people.presenter.ts';

export type TeamRow = typeof teams.$inferSelect;

/** A team of the client, or undefined (another client's id looks like a missing one). */
export async function getTeam(db: Db, clientId: string, teamId: string): Promise<TeamRow | undefined> {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.clientId, clientId), eq(teams.id, teamId)));
  return row;
}

/** Whether the user belongs to the team. */
export async function isTeamMember(db: Db, teamId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return (row?.n ?? 0) > 0;
}

/** Number of members of a team. */
export async function countTeamMembers(db: Db, teamId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return Number(row?.n ?? 0);
}

/**
 * Points and rank of every team of the client in each leaderboard period: a team's points are the sum of its
 * current members' rows of leaderboard_points (all projects); rank = 1 + teams with more points (ties share).
 */
export async function findTeamStandings(db: Db, clientId: string): Promise<Map<string, TeamStanding[]>> {
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
export async function findMyTeams(db: Db, clientId: string, userId: string) {
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
export async function findTeamMembers(db: Db, clientId: string, teamId: string, query: ListQuery) {
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
