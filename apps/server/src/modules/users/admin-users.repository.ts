import type { AdminUser, AdminUsersQuery, ListQuery, Role } from '@rally/shared';
import { and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamMembers, teams, users } from '../../db/schema/index.ts';
import { keyset } from '../../lib/pagination.ts';
import { displayNameOf } from './people.presenter.ts';

const COLUMNS = {
  id: users.id,
  email: users.email,
  username: users.username,
  displayUsername: users.displayUsername,
  firstName: users.firstName,
  lastName: users.lastName,
  imageUrl: users.imageUrl,
  role: users.role,
  teamTags: users.teamTags,
  isActive: users.isActive,
  createdAt: users.createdAt,
  // users.id spelled out: inside the subquery drizzle's bare "id" would bind to teams.id.
  // json_agg comes back parsed from PGlite and node-postgres alike; a string is parsed to be safe.
  teams: sql<{ id: string; name: string }[] | string>`coalesce((
    select json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name))
    from team_members tm join teams t on t.id = tm.team_id where tm.user_id = users.id), '[]'::json)`,
};

interface Row {
  id: string;
  email: string | null;
  username: string | null;
  displayUsername: boolean;
  firstName: string | null;
  lastName: string | null;
  imageUrl: string | null;
  role: Role;
  teamTags: string[];
  isActive: boolean;
  createdAt: Date;
  teams: { id: string; name: string }[] | string;
}

function present(row: Row): AdminUser {
  return {
    id: row.id,
    email: row.email,
    display_name: displayNameOf(row),
    image_url: row.imageUrl,
    role: row.role,
    team_tags: row.teamTags,
    teams: typeof row.teams === 'string' ? JSON.parse(row.teams) : row.teams,
    is_active: row.isActive,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

/** Escapes LIKE wildcards so a search for "50%" means the text. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of the client's users, newest first, filtered by a search text, role and team. `onlyTeams` limits
 * the list to members of those teams (a team lead sees the people of their teams only).
 */
export async function findAdminUsers(
  db: Db,
  {
    clientId,
    query,
    onlyTeams,
  }: { clientId: string; query: AdminUsersQuery & ListQuery; onlyTeams: readonly string[] | null },
) {
  const conds: (SQL | undefined)[] = [eq(users.clientId, clientId)];
  if (query.q) {
    const p = likePattern(query.q);
    conds.push(
      sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') ilike ${p}
        or ${users.username} ilike ${p} or ${users.email} ilike ${p})`,
    );
  }
  if (query.role) conds.push(eq(users.role, query.role));
  if (query.team) {
    conds.push(
      sql`exists (select 1 from ${teamMembers} where ${teamMembers.userId} = ${users.id} and ${teamMembers.teamId} = ${query.team})`,
    );
  }
  if (onlyTeams) {
    conds.push(
      onlyTeams.length === 0
        ? sql`false`
        : sql`exists (select 1 from ${teamMembers} where ${teamMembers.userId} = ${users.id} and ${inArray(teamMembers.teamId, [...onlyTeams])})`,
    );
  }
  const page = keyset(users.id, query, and(...conds));
  const rows: Row[] = await db
    .select(COLUMNS)
    .from(users)
    .where(page.where)
    .orderBy(page.orderBy)
    .limit(page.limit);
  const { items, nextCursor } = page.finish(rows);
  return { users: items.map(present), next_cursor: nextCursor };
}

/** One user of the client as the admin list shows it, or undefined. */
export async function getAdminUser(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<AdminUser | undefined> {
  const [row]: Row[] = await db
    .select(COLUMNS)
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.id, userId)));
  return row ? present(row) : undefined;
}

/** How many of these team ids are teams of the client. */
export async function countClientTeams(
  db: Db,
  { clientId, teamIds }: { clientId: string; teamIds: readonly string[] },
): Promise<number> {
  const known = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.clientId, clientId), inArray(teams.id, [...teamIds])));
  return known.length;
}

/** Sets a user's role. */
export async function setUserRole(
  db: Db,
  { clientId, userId, role }: { clientId: string; userId: string; role: Role },
): Promise<void> {
  await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.clientId, clientId)));
}

/** Makes the user's team membership exactly `teamIds` (teams of the client). */
export async function setUserTeams(
  db: Db,
  { clientId, userId, teamIds }: { clientId: string; userId: string; teamIds: readonly string[] },
): Promise<void> {
  await db
    .delete(teamMembers)
    .where(
      and(
        eq(teamMembers.clientId, clientId),
        eq(teamMembers.userId, userId),
        teamIds.length > 0 ? notInArray(teamMembers.teamId, [...teamIds]) : undefined,
      ),
    );
  if (teamIds.length > 0) {
    await db
      .insert(teamMembers)
      .values(teamIds.map((teamId) => ({ clientId, teamId, userId })))
      .onConflictDoNothing();
  }
}
