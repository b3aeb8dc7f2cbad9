import type { ChatDmPolicy, Role } from '@rally/shared';
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import type { PersonFields } from '../posts/posts.repository.ts';
import { ids } from './chat.repository.ts';

/** Who a member may start a conversation with: the client's direct-message policy and the people it lets them pick. */

/** A person of the client others may start a conversation with: role, and whether they share a team with `withId`. */
export interface Contact {
  id: string;
  role: Role;
  shares_team: boolean;
}

/**
 * Of the given ids, the active members of the client who can chat (no guests, applicants or inactive accounts),
 * with whether each shares a team with `withId`.
 */
export async function findContacts(
  db: Db,
  input: { clientId: string; withId: string; ids: readonly string[] },
): Promise<Contact[]> {
  if (input.ids.length === 0) return [];
  return selectRows<Contact>(
    db,
    sql`select u.id, u.role, exists (
          select 1 from team_members a join team_members b on b.team_id = a.team_id
          where a.user_id = u.id and b.user_id = ${input.withId} and a.client_id = ${input.clientId}) as shares_team
        from users u
        where u.client_id = ${input.clientId} and u.is_active and not u.is_ghost and u.role <> 'APPLICANT'
          and u.id in (${ids(input.ids)})`,
  );
}

/** Sort key of a contact: named people first, by first then last name, then by id (a total order for paging). */
const contactKey = (alias: 'u' | 'c') =>
  sql.raw(`${alias}.first_name is null, coalesce(${alias}.first_name, ''), ${alias}.last_name is null,
    coalesce(${alias}.last_name, ''), ${alias}.id`);

/**
 * A page of the people of the client the viewer may start a conversation with, by `scope` (contactScope in the
 * policy), whose name or username holds `q`, by name; after the person `cursor` when given. One more row than
 * `limit` is read, so the caller knows whether another page follows.
 */
export async function findContactCandidates(
  db: Db,
  input: {
    clientId: string;
    viewerId: string;
    scope: ChatDmPolicy;
    q: string;
    limit: number;
    cursor?: string;
  },
): Promise<PersonFields[]> {
  const { clientId, viewerId, scope, q } = input;
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const brandTeam = sql`u.role in ('ADMIN', 'ANALYST')`;
  const allowed =
    scope === 'anyone'
      ? sql`true`
      : scope === 'brand_team'
        ? brandTeam
        : sql`(${brandTeam} or exists (select 1 from team_members a join team_members b on b.team_id = a.team_id
            where a.user_id = u.id and b.user_id = ${viewerId} and a.client_id = ${clientId}))`;
  const after = input.cursor
    ? sql`and (${contactKey('u')}) > (select ${contactKey('c')} from users c
        where c.id = ${input.cursor} and c.client_id = ${clientId})`
    : sql``;
  return selectRows<PersonFields>(
    db,
    sql`select u.id, u.username, u.display_username, u.first_name, u.last_name, u.email, u.image_url from users u
        where u.client_id = ${clientId} and u.is_active and not u.is_ghost and u.role <> 'APPLICANT'
          and u.id <> ${viewerId} and ${allowed}
          and (${q} = '' or concat_ws(' ', u.first_name, u.last_name) ilike ${like} or u.username ilike ${like})
          ${after}
        order by ${contactKey('u')}
        limit ${input.limit + 1}`,
  );
}

/** The client's setting of who members may message (stored in the client's config; default anyone). */
export async function getDmPolicy(db: Db, input: { clientId: string }): Promise<ChatDmPolicy> {
  const [row] = await selectRows<{ policy: string | null }>(
    db,
    sql`select config->>'chat_dm_policy' as policy from clients where id = ${input.clientId}`,
  );
  const policy = row?.policy;
  return policy === 'teammates' || policy === 'brand_team' ? policy : 'anyone';
}

/** Stores the client's setting of who members may message. */
export async function setDmPolicy(db: Db, input: { clientId: string; policy: ChatDmPolicy }): Promise<void> {
  await db.execute(
    sql`update clients set config = jsonb_set(config, '{chat_dm_policy}', to_jsonb(${input.policy}::text))
        where id = ${input.clientId}`,
  );
}
