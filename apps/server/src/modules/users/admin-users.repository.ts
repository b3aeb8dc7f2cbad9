import type { AdminUsersQuery, ListQuery, Role, UserStatus } from '@rally/shared';
import { INVITATION_TTL_DAYS } from '@rally/shared';
import { and, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import { devices, teamMembers, teams, users } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/secrets.ts';
import { insertEmailToken, revokeEmailTokens } from './credentials.repository.ts';

/** A user of the admin list as the repository reads them (the presenter turns it into the API shape). */
export interface AdminUserRow {
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
  status: UserStatus;
  createdAt: Date | string;
  invitedAt: Date | string | null;
  lastActiveAt: Date | string | null;
  teams: { id: string; name: string }[];
}

const STATUS = sql<UserStatus>`case when not ${users.isActive} then 'deactivated'
  when ${users.invitedAt} is not null and ${users.passwordHash} is null then 'invited' else 'active' end`;

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
  status: STATUS,
  createdAt: users.createdAt,
  invitedAt: users.invitedAt,
  lastActiveAt: users.lastActiveAt,
  // users.id spelled out: inside the subquery drizzle's bare "id" would bind to teams.id.
  // json_agg comes back parsed from PGlite and node-postgres alike; a string is parsed to be safe.
  teams: sql<{ id: string; name: string }[] | string>`coalesce((
    select json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name))
    from team_members tm join teams t on t.id = tm.team_id where tm.user_id = users.id), '[]'::json)`,
};

type RawRow = Omit<AdminUserRow, 'teams'> & { teams: AdminUserRow['teams'] | string };
const parse = (row: RawRow): AdminUserRow => ({
  ...row,
  teams: typeof row.teams === 'string' ? JSON.parse(row.teams) : row.teams,
});

/** Escapes LIKE wildcards so a search for "50%" means the text. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Each sort's key expression over a users row alias, and its direction (the id breaks ties the same way). */
const SORTS = {
  newest: { key: null, desc: true },
  oldest: { key: null, desc: false },
  name: {
    key: (a: string) =>
      sql.raw(`lower(coalesce(nullif(trim(coalesce(${a}.first_name, '') || ' ' || coalesce(${a}.last_name, '')), ''),
        ${a}.email, ''))`),
    desc: false,
  },
  last_active: {
    key: (a: string) => sql.raw(`coalesce(${a}.last_active_at, '-infinity'::timestamptz)`),
    desc: true,
  },
} as const;

const LAST_ACTIVE: Record<string, SQL> = {
  '7d': sql`${users.lastActiveAt} >= now() - interval '7 days'`,
  '30d': sql`${users.lastActiveAt} >= now() - interval '30 days'`,
  '90d': sql`${users.lastActiveAt} >= now() - interval '90 days'`,
  over_30d: sql`(${users.lastActiveAt} is null or ${users.lastActiveAt} < now() - interval '30 days')`,
  never: sql`${users.lastActiveAt} is null`,
};

const memberOf = (teamIds: readonly string[]) =>
  teamIds.length === 0
    ? sql`false`
    : sql`exists (select 1 from ${teamMembers} where ${teamMembers.userId} = ${users.id} and ${inArray(teamMembers.teamId, [...teamIds])})`;

/**
 * A page of the client's users filtered by a search text, role, team, status and last activity, in the chosen
 * order. `onlyTeams` limits the list to members of those teams (a team lead sees the people of their teams only).
 * The cursor is the id of the last item (SPEC 7) whatever the order: its row's sort key is looked up.
 */
export async function findAdminUsers(
  db: Db,
  {
    clientId,
    query,
    onlyTeams,
  }: {
    clientId: string;
    query: Omit<AdminUsersQuery, 'sort'> & ListQuery & { sort: keyof typeof SORTS };
    onlyTeams: readonly string[] | null;
  },
): Promise<{ rows: AdminUserRow[]; nextCursor: string | null }> {
  // The client as `= any(array[…])`, and first in the order: with `=` the planner drops client_id from the sort and
  // may walk the primary key across every newer user of other clients (UUIDv7 ids: 40 ms behind 20,000 of them on
  // PGlite); this way users_client_id (client_id, id) or users_client_name give the page from the client's rows.
  const conds: (SQL | undefined)[] = [
    sql`${users.clientId} = any(array[${clientId}]::uuid[])`,
    eq(users.isGhost, false),
  ];
  if (query.q) {
    const p = likePattern(query.q);
    conds.push(
      sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') ilike ${p}
        or ${users.username} ilike ${p} or ${users.email} ilike ${p})`,
    );
  }
  if (query.role) conds.push(eq(users.role, query.role));
  if (query.team) conds.push(memberOf([query.team]));
  if (query.status) conds.push(sql`${STATUS} = ${query.status}`);
  if (query.last_active) conds.push(LAST_ACTIVE[query.last_active]);
  if (onlyTeams) conds.push(memberOf(onlyTeams));

  const sort = SORTS[query.sort];
  const isNewer = query.limit < 0 && query.cursor !== undefined;
  const size = Math.abs(query.limit);
  const desc = sort.desc !== isNewer;
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const key = sort.key ? sort.key('users') : null;
  if (query.cursor) {
    const op = sql.raw(desc ? '<' : '>');
    conds.push(
      key
        ? sql`(${key}, ${users.id}) ${op} (select ${sort.key!('c')}, c.id from users c
            where c.id = ${query.cursor} and c.client_id = ${clientId})`
        : sql`${users.id} ${op} ${query.cursor}`,
    );
  }
  const byClient = sql`${users.clientId} ${dir}`;
  const orderBy = key
    ? [byClient, sql`${key} ${dir}`, sql`${users.id} ${dir}`]
    : [byClient, sql`${users.id} ${dir}`];
  const raw: RawRow[] = await db
    .select(COLUMNS)
    .from(users)
    .where(and(...conds))
    .orderBy(...orderBy)
    .limit(size + 1);
  const hasMore = raw.length > size;
  const page = raw.slice(0, size).map(parse);
  if (isNewer) page.reverse();
  return { rows: page, nextCursor: !isNewer && hasMore ? (page.at(-1)?.id ?? null) : null };
}

/** One user of the client as the admin list shows them, or undefined. */
export async function getAdminUser(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<AdminUserRow | undefined> {
  const [row]: RawRow[] = await db
    .select(COLUMNS)
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.id, userId), eq(users.isGhost, false)));
  return row ? parse(row) : undefined;
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

/** Sets a user's role and/or the teams an ANALYST leads. */
export async function setUserAccess(
  db: Db,
  {
    clientId,
    userId,
    role,
    teamTags,
  }: { clientId: string; userId: string; role?: Role; teamTags?: string[] },
): Promise<void> {
  await db
    .update(users)
    .set({ ...(role ? { role } : {}), ...(teamTags ? { teamTags } : {}), updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.clientId, clientId)));
}

/**
 * Makes the user's membership of the teams in `scope` (every team when null) exactly `teamIds`; memberships of
 * other teams stay.
 */
export async function setUserTeams(
  db: Db,
  {
    clientId,
    userId,
    teamIds,
    scope = null,
  }: { clientId: string; userId: string; teamIds: readonly string[]; scope?: readonly string[] | null },
): Promise<void> {
  await db
    .delete(teamMembers)
    .where(
      and(
        eq(teamMembers.clientId, clientId),
        eq(teamMembers.userId, userId),
        teamIds.length > 0 ? notInArray(teamMembers.teamId, [...teamIds]) : undefined,
        scope ? (scope.length > 0 ? inArray(teamMembers.teamId, [...scope]) : sql`false`) : undefined,
      ),
    );
  if (teamIds.length > 0) {
    await db
      .insert(teamMembers)
      .values(teamIds.map((teamId) => ({ clientId, teamId, userId })))
      .onConflictDoNothing();
  }
}

/** Deactivates (active = false) or reactivates a user; a deactivated account keeps everything it wrote. */
export async function setUserActive(
  db: Db,
  { clientId, userId, active }: { clientId: string; userId: string; active: boolean },
): Promise<void> {
  await db
    .update(users)
    .set({ isActive: active, deactivatedAt: active ? null : new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.clientId, clientId)));
}

/** Removes every push device of a user (a deactivated account gets no more notifications). */
export async function deleteUserDevices(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<void> {
  await db.delete(devices).where(and(eq(devices.userId, userId), eq(devices.clientId, clientId)));
}

/** A new invited user: an email, a role, no password until they accept. */
export async function insertInvitedUser(
  db: Db,
  {
    clientId,
    email,
    role,
    teamTags = [],
  }: { clientId: string; email: string; role: Role; teamTags?: string[] },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(users)
    .values({ clientId, email, role, teamTags, invitedAt: new Date() })
    .returning({ id: users.id });
  return row!;
}

/** Marks an invitation sent again now. */
export async function touchInvitation(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<void> {
  await db
    .update(users)
    .set({ invitedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.clientId, clientId)));
}

/** Deletes an invited user who never accepted (no password, so nothing of theirs exists). */
export async function deleteInvitedUser(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.id, userId), eq(users.clientId, clientId), isNull(users.passwordHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Whether the client has a user with this email (case-insensitive). */
export async function emailTaken(db: Db, { clientId, email }: { clientId: string; email: string }) {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select id from users where client_id = ${clientId} and lower(email) = ${email.toLowerCase()} limit 1`,
  );
  return rows.length > 0;
}

/**
 * Issues the one-time token of an invitation link (an `invite` email token, as POST /api/invitations/accept uses it),
 * working for INVITATION_TTL_DAYS days; the user's earlier invitation links stop working. Answers the token.
 */
export async function issueInvitationToken(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<string> {
  await revokeEmailTokens(db, { clientId, userId, kind: 'invite' });
  const token = newToken();
  await insertEmailToken(db, {
    clientId,
    userId,
    kind: 'invite',
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 3600_000),
  });
  return token;
}
