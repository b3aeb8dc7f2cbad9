import { type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import { anyId, isRowId, pageWithTotal, visibleUsers, whereOf } from './scim.repository.ts';
import type { FilterBranch, ScimPage } from './scim.validation.ts';

/** What SCIM reads and writes of teams, as Groups: the teams and their members, the provider's id in scim_groups. */

/** A team as SCIM shows it (members apart: see findGroupMembers). */
export interface ScimGroupRow {
  id: string;
  name: string;
  externalId: string | null;
  createdAt: Date | string;
}

const GROUP_FROM = sql`from teams t left join scim_groups g on g.client_id = t.client_id and g.team_id = t.id`;
const GROUP_COLUMNS = sql`t.id, t.name, g.external_id as "externalId", t.created_at as "createdAt"`;

function groupCondition(attribute: string, value: string): SQL {
  if (attribute === 'id') return isRowId(value) ? sql`t.id = ${value}::uuid` : sql`false`;
  if (attribute === 'displayName') return sql`lower(t.name) = lower(${value})`;
  if (attribute === 'members.value') {
    return isRowId(value)
      ? sql`exists (select 1 from team_members tm where tm.team_id = t.id and tm.user_id = ${value}::uuid)`
      : sql`false`;
  }
  return sql`g.external_id = ${value}`;
}

/** A page of the client's teams as Groups, in creation order, and how many match in all. */
export async function findScimGroups(
  db: Db,
  { clientId, filter, page }: { clientId: string; filter: FilterBranch[] | undefined; page: ScimPage },
): Promise<{ rows: ScimGroupRow[]; total: number }> {
  const where = sql`t.client_id = ${clientId} and ${whereOf(filter, groupCondition)}`;
  return pageWithTotal<ScimGroupRow>(db, {
    columns: GROUP_COLUMNS,
    from: GROUP_FROM,
    where,
    orderBy: sql`t.id`,
    page,
  });
}

/** One team of the client as a Group, or undefined. */
export async function getScimGroup(
  db: Db,
  { clientId, teamId }: { clientId: string; teamId: string },
): Promise<ScimGroupRow | undefined> {
  if (!isRowId(teamId)) return undefined;
  const [row] = await selectRows<ScimGroupRow>(
    db,
    sql`select ${GROUP_COLUMNS} ${GROUP_FROM} where t.client_id = ${clientId} and t.id = ${teamId}::uuid`,
  );
  return row;
}

/** A member of a group as SCIM lists them. */
export interface ScimMemberRow {
  teamId: string;
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** The members SCIM sees of these teams, in creation order. */
export async function findGroupMembers(
  db: Db,
  { clientId, teamIds }: { clientId: string; teamIds: readonly string[] },
): Promise<ScimMemberRow[]> {
  if (!teamIds.some(isRowId)) return [];
  return selectRows<ScimMemberRow>(
    db,
    sql`select tm.team_id as "teamId", u.id, u.email, u.first_name as "firstName", u.last_name as "lastName"
      from team_members tm join users u on u.id = tm.user_id
      left join scim_users s on s.client_id = u.client_id and s.user_id = u.id
      where tm.client_id = ${clientId} and ${visibleUsers(clientId)}
        and tm.team_id = ${anyId(teamIds)}
      order by u.id`,
  );
}

/** The ids of every member of the client's team (whoever they are). */
export async function findTeamMemberIds(
  db: Db,
  { clientId, teamId }: { clientId: string; teamId: string },
): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select user_id as id from team_members where client_id = ${clientId} and team_id = ${teamId}`,
  );
  return rows.map((r) => r.id);
}

/** Another team of the client with this name (without case), or undefined. */
export async function findTeamNamed(
  db: Db,
  { clientId, name, exceptId }: { clientId: string; name: string; exceptId?: string },
): Promise<string | undefined> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`select id from teams where client_id = ${clientId} and lower(name) = lower(${name})
      ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  return row?.id;
}

/** Records (or changes) the provider's own id of a team of the client (another client's team id writes nothing). */
export async function upsertScimGroup(
  db: Db,
  { clientId, teamId, externalId }: { clientId: string; teamId: string; externalId: string | null },
): Promise<void> {
  await db.execute(
    sql`insert into scim_groups (client_id, team_id, external_id)
      select ${clientId}, t.id, ${externalId} from teams t where t.client_id = ${clientId} and t.id = ${teamId}
      on conflict (client_id, team_id) do update set external_id = excluded.external_id`,
  );
}
