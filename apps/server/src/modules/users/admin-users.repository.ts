import type { AdminUser, AdminUsersQuery, ListQuery, Role } from '@rally/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamMembers, users } from '../../db/schema/index.ts';
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
  teams: sql<{ id: string; name: string }[]>`coalesce((
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
  role: string;
  teamTags: string[];
  isActive: boolean;
  createdAt: Date;
  /** json_agg comes back parsed from PGlite and node-postgres alike; a string is parsed to be safe. */
  teams: { id: string; name: string }[] | string;
}

function present(row: Row): AdminUser {
  return {
    id: row.id,
    email: row.email,
    display_name: displayNameOf(row),
    image_url: row.imageUrl,
    role: row.role as Role,
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
  clientId: string,
  query: AdminUsersQuery & ListQuery,
  onlyTeams: readonly string[] | null,
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
  const rows = (await db
    .select(COLUMNS)
    .from(users)
    .where(page.where)
    .orderBy(page.orderBy)
    .limit(page.limit)) as unknown as Row[];
  const { items, nextCursor } = page.finish(rows);
  return { users: items.map(present), next_cursor: nextCursor };
}

/** One user of the client as the admin list shows it, or undefined. */
export async function getAdminUser(db: Db, clientId: string, userId: string): Promise<AdminUser | undefined> {
  const [row] = (await db
    .select(COLUMNS)
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.id, userId)))) as unknown as Row[];
  return row ? present(row) : undefined;
}
