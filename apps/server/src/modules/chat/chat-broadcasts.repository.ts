import type { ChatBroadcastAudience, ListQuery } from '@rally/shared';
import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { type Db, selectRows } from '../../db/client.ts';
import { type PersonFields, person } from '../posts/posts.repository.ts';

/** Broadcasts of admins to members and their deliveries (one row per recipient). */

/** A broadcast with its audience's name, its author, and its delivery and read counts. */
export interface BroadcastRow {
  id: string;
  client_id: string;
  author_id: string | null;
  author: PersonFields | null;
  audience: ChatBroadcastAudience;
  target_id: string | null;
  target_name: string | null;
  body: string;
  recipient_count: number;
  delivered: number;
  read: number;
  fanned_out_at: Date | string | null;
  created_at: Date | string;
}

const BROADCAST = sql`select b.id, b.client_id, b.author_id, b.audience, b.body, b.recipient_count, b.fanned_out_at,
    b.created_at, coalesce(b.team_id, b.project_id) as target_id, coalesce(t.name, p.name) as target_name,
    (select ${person('u')} from users u where u.id = b.author_id and u.client_id = b.client_id) as author,
    (select count(*)::int from chat_broadcast_deliveries d
      where d.broadcast_id = b.id and d.delivered_at is not null) as delivered,
    (select count(*)::int from chat_broadcast_deliveries d
      join chat_members cm on cm.conversation_id = d.conversation_id and cm.user_id = d.user_id
      where d.broadcast_id = b.id and cm.last_read_message_id >= d.message_id) as read
  from chat_broadcasts b
  left join teams t on t.id = b.team_id and t.client_id = b.client_id
  left join projects p on p.id = b.project_id and p.client_id = b.client_id`;

/** One page of the client's broadcasts, newest first (one more row than the page when another exists). */
export async function findBroadcasts(
  db: Db,
  input: { clientId: string; query: ListQuery },
): Promise<BroadcastRow[]> {
  const { clientId, query } = input;
  const isNewer = query.limit < 0 && query.cursor !== undefined;
  const cursor = query.cursor ? sql`and b.id ${sql.raw(isNewer ? '>' : '<')} ${query.cursor}` : sql``;
  const dir = sql.raw(isNewer ? 'asc' : 'desc');
  return selectRows<BroadcastRow>(
    db,
    sql`${BROADCAST} where b.client_id = ${clientId} ${cursor} order by b.id ${dir}
        limit ${Math.abs(query.limit) + 1}`,
  );
}

/** One broadcast of the client. */
export async function getBroadcast(
  db: Db,
  input: { clientId: string; id: string },
): Promise<BroadcastRow | undefined> {
  const [row] = await selectRows<BroadcastRow>(
    db,
    sql`${BROADCAST} where b.client_id = ${input.clientId} and b.id = ${input.id}`,
  );
  return row;
}

/** Whether the client has this team (audience 'team') or project (audience 'project'). */
export async function hasAudienceTarget(
  db: Db,
  input: { clientId: string; audience: 'team' | 'project'; id: string },
): Promise<boolean> {
  const table = sql.raw(input.audience === 'team' ? 'teams' : 'projects');
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select id from ${table} where id = ${input.id} and client_id = ${input.clientId}`,
  );
  return rows.length > 0;
}

/** Stores a new broadcast; answers its id. */
export async function insertBroadcast(
  db: Db,
  input: {
    clientId: string;
    authorId: string;
    audience: ChatBroadcastAudience;
    teamId: string | null;
    projectId: string | null;
    body: string;
  },
): Promise<string> {
  const id = uuidv7();
  await db.execute(
    sql`insert into chat_broadcasts (id, client_id, author_id, audience, team_id, project_id, body)
        values (${id}, ${input.clientId}, ${input.authorId}, ${input.audience}, ${input.teamId}, ${input.projectId},
          ${input.body})`,
  );
  return id;
}

/**
 * Lists the next recipients of a broadcast by id after `after` (members who can chat: no guests, applicants,
 * inactive accounts or brand team; of the team or the project's joined members when it says so) as its deliveries;
 * answers their ids. Counts them on the broadcast.
 */
export async function listNextRecipients(
  db: Db,
  input: { clientId: string; broadcastId: string; after: string | null; limit: number },
): Promise<string[]> {
  const { clientId, broadcastId } = input;
  const rows = await selectRows<{ user_id: string }>(
    db,
    sql`with b as (select * from chat_broadcasts where id = ${broadcastId} and client_id = ${clientId}),
      next as (
        select u.id from users u cross join b
        where u.client_id = ${clientId} and u.is_active and not u.is_ghost
          and u.role not in ('APPLICANT', 'ADMIN', 'ANALYST')
          and (${input.after}::uuid is null or u.id > ${input.after}::uuid)
          and (b.audience = 'all'
            or (b.audience = 'team' and exists (select 1 from team_members tm
              where tm.team_id = b.team_id and tm.user_id = u.id and tm.client_id = ${clientId}))
            or (b.audience = 'project' and exists (select 1 from project_members pm
              where pm.project_id = b.project_id and pm.user_id = u.id and pm.client_id = ${clientId})))
        order by u.id limit ${input.limit}),
      added as (
        insert into chat_broadcast_deliveries (client_id, broadcast_id, user_id)
        select ${clientId}, b.id, next.id from next cross join b
        on conflict do nothing returning user_id),
      counted as (
        update chat_broadcasts set recipient_count = recipient_count + (select count(*) from added)
        where id = ${broadcastId} and client_id = ${clientId})
      select id as user_id from next order by id`,
  );
  return rows.map((r) => r.user_id);
}

/** Marks the broadcast's listing of recipients done. */
export async function markFannedOut(db: Db, input: { clientId: string; broadcastId: string }): Promise<void> {
  await db.execute(
    sql`update chat_broadcasts set fanned_out_at = coalesce(fanned_out_at, now())
        where id = ${input.broadcastId} and client_id = ${input.clientId}`,
  );
}

/**
 * Claims a recipient's delivery for this transaction: true when it is listed and not delivered yet (its row is
 * locked until the transaction ends, so two runs cannot both deliver it).
 */
export async function claimDelivery(
  db: Db,
  input: { clientId: string; broadcastId: string; userId: string },
): Promise<boolean> {
  const rows = await selectRows<{ user_id: string }>(
    db,
    sql`select user_id from chat_broadcast_deliveries
        where broadcast_id = ${input.broadcastId} and user_id = ${input.userId} and client_id = ${input.clientId}
          and delivered_at is null
        for update`,
  );
  return rows.length > 0;
}

/** Records a recipient's delivery: the message they got and where. */
export async function markDelivered(
  db: Db,
  input: { clientId: string; broadcastId: string; userId: string; conversationId: string; messageId: string },
): Promise<void> {
  await db.execute(
    sql`update chat_broadcast_deliveries set delivered_at = now(), conversation_id = ${input.conversationId},
          message_id = ${input.messageId}
        where broadcast_id = ${input.broadcastId} and user_id = ${input.userId} and client_id = ${input.clientId}`,
  );
}

/** A member's brand-team conversation a broadcast just made: resolved, as nothing waits for an answer in it yet. */
export async function resolveNewConversation(
  db: Db,
  input: { clientId: string; conversationId: string },
): Promise<void> {
  await db.execute(
    sql`update chat_conversations set status = 'resolved', resolved_at = now()
        where id = ${input.conversationId} and client_id = ${input.clientId} and kind = 'brand'
          and last_message_id is null`,
  );
}
