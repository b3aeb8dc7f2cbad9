import type { Role } from '@rally/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { FilterBranch, ScimPage } from './scim.validation.ts';

/**
 * What SCIM reads and writes of members, as Users: their SCIM userName and externalId in scim_users, everything else
 * in users. A member SCIM never named is known by their email; a member the provider deleted (deprovisioned) and an
 * erased one are not seen at all. Teams as Groups: scim-groups.repository.ts.
 */

/** A member as SCIM shows them. */
export interface ScimUserRow {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  isActive: boolean;
  createdAt: Date | string;
  updatedAt: Date | string;
  /** Their SCIM userName, or their email while SCIM never named them. */
  userName: string;
  externalId: string | null;
  teams: { id: string; name: string }[] | string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether an id can be a row id at all: anything else is simply not found (never a database error). */
export const isRowId = (id: string) => UUID.test(id);
/** `= any(…)` of these ids as a uuid array (ids that cannot be row ids left out). */
export const anyId = (ids: readonly string[]) =>
  sql`any(array[${sql.join(
    ids.filter(isRowId).map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[])`;

export const USER_FROM = sql`from users u left join scim_users s on s.client_id = u.client_id and s.user_id = u.id`;

const USER_COLUMNS = sql`u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.city, u.state,
  u.country, u.is_active as "isActive", u.created_at as "createdAt",
  greatest(u.updated_at, s.updated_at) as "updatedAt", coalesce(s.user_name, u.email) as "userName",
  s.external_id as "externalId",
  coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name))
    from team_members tm join teams t on t.id = tm.team_id where tm.user_id = u.id), '[]'::json) as teams`;

/** The members SCIM sees: not guests, not deprovisioned, and with an email or a SCIM name (erased ones have none). */
export const visibleUsers = (clientId: string) =>
  sql`u.client_id = ${clientId} and not u.is_ghost and s.deprovisioned_at is null
    and (u.email is not null or s.user_id is not null)`;

/**
 * Members whose userName is this one (without case): by their SCIM name, else by their email. Written as a union of
 * two index lookups (scim_users_user_name, users_client_email), then checked against the name that counts.
 */
const userNameIs = (clientId: string, userName: string) =>
  sql`u.id in (select user_id from scim_users where client_id = ${clientId} and lower(user_name) = lower(${userName})
      union all select id from users where client_id = ${clientId} and lower(email) = lower(${userName}))
    and lower(coalesce(s.user_name, u.email)) = lower(${userName})`;

function userCondition(clientId: string, attribute: string, value: string): SQL {
  if (attribute === 'id') return isRowId(value) ? sql`u.id = ${value}::uuid` : sql`false`;
  if (attribute === 'userName') return userNameIs(clientId, value);
  return sql`s.external_id = ${value}`;
}

/** The filter as SQL: branches joined by `or`, each an `and` of equality tests. */
export function whereOf(
  branches: FilterBranch[] | undefined,
  condition: (attribute: string, value: string) => SQL,
) {
  if (!branches) return sql`true`;
  const ors = branches.map(
    (branch) =>
      sql`(${sql.join(
        Object.entries(branch).map(([attribute, value]) => condition(attribute, value)),
        sql` and `,
      )})`,
  );
  return sql`(${sql.join(ors, sql` or `)})`;
}

/**
 * A page of rows and how many match in all, in one statement (a window count beside each row); only a page past the
 * end, which has no row to carry the count, asks for the count alone.
 */
export async function pageWithTotal<T>(
  db: Db,
  {
    columns,
    from,
    where,
    orderBy,
    page,
  }: { columns: SQL; from: SQL; where: SQL; orderBy: SQL; page: ScimPage },
): Promise<{ rows: T[]; total: number }> {
  const count = async () =>
    Number(
      (await selectRows<{ n: number }>(db, sql`select count(*)::int as n ${from} where ${where}`))[0]?.n ?? 0,
    );
  if (page.count === 0) return { rows: [], total: await count() };
  const rows = await selectRows<T & { total: number }>(
    db,
    sql`select ${columns}, count(*) over ()::int as total ${from} where ${where}
      order by ${orderBy} limit ${page.count} offset ${page.startIndex - 1}`,
  );
  if (rows.length === 0) return { rows: [], total: page.startIndex > 1 ? await count() : 0 };
  return { rows: rows.map(({ total: _, ...row }) => row as T), total: Number(rows[0]!.total) };
}

/** A page of the members SCIM sees, in creation order, and how many match in all. */
export async function findScimUsers(
  db: Db,
  { clientId, filter, page }: { clientId: string; filter: FilterBranch[] | undefined; page: ScimPage },
): Promise<{ rows: ScimUserRow[]; total: number }> {
  const where = sql`${visibleUsers(clientId)} and ${whereOf(filter, (a, v) => userCondition(clientId, a, v))}`;
  return pageWithTotal<ScimUserRow>(db, {
    columns: USER_COLUMNS,
    from: USER_FROM,
    where,
    orderBy: sql`u.id`,
    page,
  });
}

/** One member SCIM sees, or undefined (another client's, a guest, a deprovisioned or an erased member). */
export async function getScimUser(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<ScimUserRow | undefined> {
  if (!isRowId(userId)) return undefined;
  const [row] = await selectRows<ScimUserRow>(
    db,
    sql`select ${USER_COLUMNS} ${USER_FROM} where ${visibleUsers(clientId)} and u.id = ${userId}::uuid`,
  );
  return row;
}

/** Who holds a userName and an email already (see findNameOwners). */
export interface NameOwners {
  /** The member whose userName it is, deprovisioned ones too (SCIM may bring them back). */
  userNameOwner: { id: string; isDeprovisioned: boolean } | undefined;
  /** The member with that email (without case). */
  emailOwner: string | undefined;
}

/**
 * Who has this userName (by their SCIM name, else by their email while SCIM never named them) and who has this email,
 * in one statement of three index lookups (scim_users_user_name, users_client_email): a SCIM write checks both.
 */
export async function findNameOwners(
  db: Db,
  { clientId, userName, email }: { clientId: string; userName: string; email: string },
): Promise<NameOwners> {
  const [row] = await selectRows<{
    namedId: string | null;
    namedGone: boolean | null;
    emailNamedId: string | null;
    emailId: string | null;
  }>(
    db,
    sql`select s.user_id as "namedId", s.deprovisioned_at is not null as "namedGone",
        (select u.id from users u where u.client_id = ${clientId} and lower(u.email) = lower(${userName})
          and not u.is_ghost and not exists (select 1 from scim_users o where o.client_id = ${clientId} and o.user_id = u.id)
          limit 1) as "emailNamedId",
        (select u.id from users u where u.client_id = ${clientId} and lower(u.email) = lower(${email}) limit 1)
          as "emailId"
      from (select 1) one
      left join scim_users s on s.client_id = ${clientId} and lower(s.user_name) = lower(${userName})`,
  );
  const namedId = row?.namedId ?? row?.emailNamedId ?? null;
  return {
    userNameOwner: namedId
      ? { id: namedId, isDeprovisioned: row?.namedId ? row.namedGone === true : false }
      : undefined,
    emailOwner: row?.emailId ?? undefined,
  };
}

/** A member's fields SCIM sets; undefined ones stay as they are. */
export interface ProvisionedUserFields {
  email?: string;
  firstName?: string | null;
  lastName?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
}

/**
 * A new member made by the identity provider: a USER, active, no password (they sign in through the provider, or set
 * one by a password reset), their email vouched for by the provider.
 */
export async function insertProvisionedUser(
  db: Db,
  { clientId, fields }: { clientId: string; fields: Required<ProvisionedUserFields> },
): Promise<{ id: string; createdAt: Date; updatedAt: Date }> {
  const [row] = await db
    .insert(users)
    .values({ clientId, ...fields, role: 'USER', emailVerifiedAt: new Date() })
    .returning({ id: users.id, createdAt: users.createdAt, updatedAt: users.updatedAt });
  return row!;
}

/** Sets the fields SCIM gives on the client's member; a new email counts as verified by the provider. */
export async function updateProvisionedUser(
  db: Db,
  { clientId, userId, fields }: { clientId: string; userId: string; fields: ProvisionedUserFields },
): Promise<void> {
  await db
    .update(users)
    .set({
      ...fields,
      ...(fields.email !== undefined ? { emailVerifiedAt: new Date() } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(users.clientId, clientId), eq(users.id, userId)));
}

/**
 * Records (or changes) what the provider calls the member, and whether it deleted them; only for a member of the
 * client (another client's user id writes nothing).
 */
export async function upsertScimUser(
  db: Db,
  row: {
    clientId: string;
    userId: string;
    userName: string;
    externalId: string | null;
    deprovisionedAt: Date | null;
  },
): Promise<void> {
  const { clientId, userId, userName, externalId, deprovisionedAt } = row;
  await db.execute(
    sql`insert into scim_users (client_id, user_id, user_name, external_id, deprovisioned_at)
      select ${clientId}, u.id, ${userName}, ${externalId}, ${deprovisionedAt?.toISOString() ?? null}::timestamptz
      from users u where u.client_id = ${clientId} and u.id = ${userId}
      on conflict (client_id, user_id) do update set user_name = excluded.user_name,
        external_id = excluded.external_id, deprovisioned_at = excluded.deprovisioned_at, updated_at = now()`,
  );
}

/** Of these ids, the members SCIM sees (with their role, which decides whether they may join a team). */
export async function findScimUsersByIds(
  db: Db,
  { clientId, userIds }: { clientId: string; userIds: readonly string[] },
): Promise<{ id: string; role: Role }[]> {
  const ids = userIds.filter(isRowId);
  if (ids.length === 0) return [];
  return selectRows(
    db,
    sql`select u.id, u.role ${USER_FROM}
      where ${visibleUsers(clientId)} and u.id = ${anyId(ids)}`,
  );
}
