import { CHAT_UNREAD_COUNT_CAP } from '@rally/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import type { InboxScope } from './chat.policy.ts';
import { ids } from './chat.repository.ts';

/** The unread summary (GET /api/chat/seen) and the brand team's inbox scope filter. */

/** One unread message of the summary. */
export interface UnreadRow {
  id: string;
  parent_id: string | null;
}

/** The scope of the brand-team inbox part of the summary; null for members (no inbox). */
export type SeenInbox = { userId: string; scope: InboxScope } | null;

/** The scope filter of brand-team conversations on `c` for a colleague. */
export function inboxScopeFilter(clientId: string, scope: InboxScope): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.teamIds.length === 0) return sql`false`;
  return sql`exists (select 1 from team_members tm where tm.user_id = c.member_id and tm.client_id = ${clientId}
    and tm.team_id in (${ids(scope.teamIds)}))`;
}

/**
 * Every unread message of the user (up to the cap per conversation and thread), oldest first: others' messages after
 * their pointer in conversations they have not muted, replies after their pointer in threads they follow, and for
 * the brand team the members' messages after the team's pointer in open conversations unassigned or theirs.
 */
export async function findUnreadMessages(
  db: Db,
  input: { clientId: string; userId: string; inbox: SeenInbox },
): Promise<UnreadRow[]> {
  const { clientId, userId, inbox } = input;
  const cap = CHAT_UNREAD_COUNT_CAP;
  const staff = inbox
    ? sql`union all
      select m.id, m.parent_id from chat_conversations c cross join lateral (
        select m.id, m.parent_id from chat_messages m
        where m.conversation_id = c.id and m.author_id = c.member_id
          and (c.staff_read_message_id is null or m.id > c.staff_read_message_id)
          and m.status = 'published' and m.deleted_at is null
        order by m.id limit ${cap}) m
      where c.client_id = ${clientId} and c.kind = 'brand' and c.status = 'open'
        and (c.assignee_id is null or c.assignee_id = ${inbox.userId})
        and ${inboxScopeFilter(clientId, inbox.scope)}`
    : sql``;
  return selectRows<UnreadRow>(
    db,
    sql`with mine as (
        select conversation_id, last_read_message_id as ptr from chat_members
        where user_id = ${userId} and client_id = ${clientId} and muted_at is null)
      select id, parent_id from (
        select m.id, m.parent_id from mine cross join lateral (
          select m.id, m.parent_id from chat_messages m
          where m.conversation_id = mine.conversation_id and m.parent_id is null
            and (mine.ptr is null or m.id > mine.ptr)
            and m.author_id is distinct from ${userId} and m.status = 'published' and m.deleted_at is null
          order by m.id limit ${cap}) m
        union all
        select m.id, m.parent_id from chat_thread_reads tr
        join mine on mine.conversation_id = tr.conversation_id
        cross join lateral (
          select m.id, m.parent_id from chat_messages m
          where m.parent_id = tr.root_id
            and (tr.last_read_message_id is null or m.id > tr.last_read_message_id)
            and m.author_id is distinct from ${userId} and m.status = 'published' and m.deleted_at is null
          order by m.id limit ${cap}) m
        where tr.user_id = ${userId} and tr.client_id = ${clientId}
        ${staff}) x
      order by id`,
  );
}
