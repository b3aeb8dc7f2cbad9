import { CHAT_UNREAD_COUNT_CAP, type ChatInboxQuery, type ListQuery, type Role } from '@rally/shared';
import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { type Db, selectRows } from '../../db/client.ts';
import { auditLog, chatCannedReplies } from '../../db/schema/index.ts';
import { keyset } from '../../lib/pagination.ts';
import { type PersonFields, person } from '../posts/posts.repository.ts';
import type { InboxScope } from './chat.policy.ts';
import { inboxScopeFilter } from './chat-unread.repository.ts';

/** The brand team's side of chat: the inbox of members' brand-team conversations, notes, canned replies. */

/** A member's brand-team conversation as the inbox shows it. */
export interface InboxRow {
  id: string;
  client_id: string;
  kind: 'brand';
  member_id: string | null;
  assignee_id: string | null;
  status: 'open' | 'resolved';
  resolved_at: Date | string | null;
  archived_at: null;
  activity_id: string;
  last_message_id: string | null;
  staff_read_message_id: string | null;
  created_at: Date | string;
  member: PersonFields | null;
  assignee: PersonFields | null;
  unread: number;
}

function inboxRows(clientId: string, page: string, order: string) {
  return sql`select p.id, p.client_id, p.kind, p.member_id, p.assignee_id, p.status, p.resolved_at, p.archived_at,
      p.activity_id, p.last_message_id, p.staff_read_message_id, p.created_at,
      case when mu.id is null then null else ${person('mu')} end as member,
      case when au.id is null then null else ${person('au')} end as assignee,
      (select count(*)::int from (select 1 from chat_messages m where m.conversation_id = p.id
        and m.author_id = p.member_id and (p.staff_read_message_id is null or m.id > p.staff_read_message_id)
        and m.status = 'published' and m.deleted_at is null limit ${CHAT_UNREAD_COUNT_CAP}) u)::int as unread
    from ${sql.raw(page)} p
    left join users mu on mu.id = p.member_id and mu.client_id = ${clientId}
    left join users au on au.id = p.assignee_id and au.client_id = ${clientId}
    ${sql.raw(order)}`;
}

/**
 * One SPEC 7 page of the brand-team conversations in the colleague's scope with at least one message, of the box
 * (unassigned, theirs, all) and status, the most recently active first. Rows come in the page's direction, one more
 * than the page when another exists.
 */
export async function findInbox(
  db: Db,
  input: { clientId: string; userId: string; scope: InboxScope; query: ChatInboxQuery },
): Promise<InboxRow[]> {
  const { clientId, userId, scope, query } = input;
  const isNewer = query.limit < 0 && query.cursor !== undefined;
  const size = Math.abs(query.limit);
  const anchor = sql`(select activity_id from chat_conversations where id = ${query.cursor ?? null} and client_id = ${clientId})`;
  const cursor = query.cursor
    ? isNewer
      ? sql`and c.activity_id > ${anchor}`
      : sql`and c.activity_id < ${anchor}`
    : sql``;
  const box =
    query.box === 'unassigned'
      ? sql`and c.assignee_id is null`
      : query.box === 'mine'
        ? sql`and c.assignee_id = ${userId}`
        : sql``;
  const dir = isNewer ? 'asc' : 'desc';
  const rows = await selectRows<InboxRow>(
    db,
    sql`with page as (
        select c.* from chat_conversations c
        where c.client_id = ${clientId} and c.kind = 'brand' and c.status = ${query.status}
          and c.last_message_id is not null ${box} and ${inboxScopeFilter(clientId, scope)} ${cursor}
        order by c.activity_id ${sql.raw(dir)} limit ${size + 1})
      ${inboxRows(clientId, 'page', `order by p.activity_id ${dir}`)}`,
  );
  return rows;
}

/** One brand-team conversation of the client in the colleague's scope, or undefined. */
export async function getInboxConversation(
  db: Db,
  input: { clientId: string; scope: InboxScope; conversationId: string },
): Promise<InboxRow | undefined> {
  const { clientId, scope, conversationId } = input;
  const [row] = await selectRows<InboxRow>(
    db,
    sql`with page as (
        select c.* from chat_conversations c
        where c.id = ${conversationId} and c.client_id = ${clientId} and c.kind = 'brand'
          and ${inboxScopeFilter(clientId, scope)})
      ${inboxRows(clientId, 'page', '')}`,
  );
  return row;
}

/** An active person of the client and their role, or undefined. */
export async function getColleague(
  db: Db,
  input: { clientId: string; userId: string },
): Promise<{ id: string; role: Role } | undefined> {
  const [row] = await selectRows<{ id: string; role: Role }>(
    db,
    sql`select id, role from users where id = ${input.userId} and client_id = ${input.clientId} and is_active`,
  );
  return row;
}

/** Ids of the brand team who see a member's brand-team conversation: admins, and leads of all or of their teams. */
export async function findBrandTeamIds(
  db: Db,
  input: { clientId: string; memberId: string | null },
): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select u.id from users u
        where u.client_id = ${input.clientId} and u.is_active and u.role in ('ADMIN', 'ANALYST')
          and (u.role = 'ADMIN' or cardinality(u.team_tags) = 0 or exists (
            select 1 from team_members tm where tm.user_id = ${input.memberId} and tm.client_id = ${input.clientId}
              and tm.team_id::text = any(u.team_tags)))
        order by u.id`,
  );
  return rows.map((r) => r.id);
}

/** Assigns a brand-team conversation (null: nobody) and/or opens or resolves it. */
export async function updateInboxConversation(
  db: Db,
  input: {
    clientId: string;
    conversationId: string;
    assigneeId?: string | null;
    status?: 'open' | 'resolved';
  },
): Promise<void> {
  const { clientId, conversationId, assigneeId, status } = input;
  const sets = [
    assigneeId === undefined ? null : sql`assignee_id = ${assigneeId}`,
    status === undefined
      ? null
      : status === 'resolved'
        ? sql`status = 'resolved', resolved_at = coalesce(resolved_at, now())`
        : sql`status = 'open', resolved_at = null`,
  ].filter((s) => s !== null);
  if (sets.length === 0) return;
  await db.execute(
    sql`update chat_conversations set ${sql.join(sets, sql`, `)}
        where id = ${conversationId} and client_id = ${clientId} and kind = 'brand'`,
  );
}

// ---- Notes ----

export interface NoteRow {
  id: string;
  conversation_id: string;
  body: string;
  created_at: Date | string;
  author: PersonFields | null;
}

/** One SPEC 7 page of a conversation's internal notes, newest first. */
export async function findNotes(
  db: Db,
  input: { clientId: string; conversationId: string; query: ListQuery },
): Promise<{ items: NoteRow[]; nextCursor: string | null }> {
  const { clientId, conversationId, query } = input;
  const isNewer = query.limit < 0 && query.cursor !== undefined;
  const size = Math.abs(query.limit);
  const cursor = query.cursor
    ? isNewer
      ? sql`and n.id > ${query.cursor}`
      : sql`and n.id < ${query.cursor}`
    : sql``;
  const rows = await selectRows<NoteRow>(
    db,
    sql`select n.id, n.conversation_id, n.body, n.created_at,
          case when u.id is null then null else ${person('u')} end as author
        from chat_notes n left join users u on u.id = n.author_id and u.client_id = n.client_id
        where n.conversation_id = ${conversationId} and n.client_id = ${clientId} ${cursor}
        order by n.id ${sql.raw(isNewer ? 'asc' : 'desc')} limit ${size + 1}`,
  );
  const hasMore = rows.length > size;
  const items = rows.slice(0, size);
  if (isNewer) items.reverse();
  return { items, nextCursor: hasMore ? (isNewer ? items[0]!.id : items.at(-1)!.id) : null };
}

/** A note of the brand team on one of the client's brand-team conversations; answers its id (undefined: none such). */
export async function insertNote(
  db: Db,
  input: { clientId: string; conversationId: string; authorId: string; body: string },
): Promise<string | undefined> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`insert into chat_notes (id, client_id, conversation_id, author_id, body)
        select ${uuidv7()}::uuid, c.client_id, c.id, ${input.authorId}::uuid, ${input.body}::text from chat_conversations c
        where c.id = ${input.conversationId} and c.client_id = ${input.clientId} and c.kind = 'brand'
        returning id`,
  );
  return row?.id;
}

/** One note of the client with its author. */
export async function getNote(db: Db, input: { clientId: string; id: string }): Promise<NoteRow | undefined> {
  const [row] = await selectRows<NoteRow>(
    db,
    sql`select n.id, n.conversation_id, n.body, n.created_at,
          case when u.id is null then null else ${person('u')} end as author
        from chat_notes n left join users u on u.id = n.author_id and u.client_id = n.client_id
        where n.id = ${input.id} and n.client_id = ${input.clientId}`,
  );
  return row;
}

// ---- Canned replies ----

export type CannedReplyRow = typeof chatCannedReplies.$inferSelect;

/** One SPEC 7 page of the client's canned replies, newest first. */
export async function findCannedReplies(db: Db, input: { clientId: string; query: ListQuery }) {
  const page = keyset(chatCannedReplies.id, input.query, eq(chatCannedReplies.clientId, input.clientId));
  const rows = await db
    .select()
    .from(chatCannedReplies)
    .where(page.where)
    .orderBy(page.orderBy)
    .limit(page.limit);
  return page.finish(rows);
}

export async function getCannedReply(
  db: Db,
  input: { clientId: string; id: string },
): Promise<CannedReplyRow | undefined> {
  const [row] = await db
    .select()
    .from(chatCannedReplies)
    .where(and(eq(chatCannedReplies.id, input.id), eq(chatCannedReplies.clientId, input.clientId)));
  return row;
}

export async function insertCannedReply(
  db: Db,
  input: { clientId: string; title: string; body: string; createdBy: string },
): Promise<CannedReplyRow> {
  const [row] = await db.insert(chatCannedReplies).values(input).returning();
  return row!;
}

/** Changes one of the client's canned replies; undefined when the client has no such reply. */
export async function updateCannedReply(
  db: Db,
  input: { clientId: string; id: string; title?: string; body?: string },
): Promise<CannedReplyRow | undefined> {
  const { clientId, id, title, body } = input;
  const [row] = await db
    .update(chatCannedReplies)
    .set({
      ...(title === undefined ? {} : { title }),
      ...(body === undefined ? {} : { body }),
      updatedAt: new Date(),
    })
    .where(and(eq(chatCannedReplies.id, id), eq(chatCannedReplies.clientId, clientId)))
    .returning();
  return row;
}

export async function deleteCannedReply(db: Db, input: { clientId: string; id: string }): Promise<boolean> {
  const rows = await db
    .delete(chatCannedReplies)
    .where(and(eq(chatCannedReplies.id, input.id), eq(chatCannedReplies.clientId, input.clientId)))
    .returning({ id: chatCannedReplies.id });
  return rows.length > 0;
}

/** An audit row of a brand-team or admin action in chat (e.g. an admin removing a message). */
export async function insertChatAudit(
  db: Db,
  input: { clientId: string; userId: string; action: string; target: string; data: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values(input);
}

/** A project of the client (not archived) and its channel, if it has one. */
export async function getProjectChannel(
  db: Db,
  input: { clientId: string; projectId: string },
): Promise<
  { project_id: string; conversation_id: string | null; archived_at: Date | string | null } | undefined
> {
  const [row] = await selectRows<{
    project_id: string;
    conversation_id: string | null;
    archived_at: Date | string | null;
  }>(
    db,
    sql`select p.id as project_id, c.id as conversation_id, c.archived_at from projects p
        left join chat_conversations c on c.project_id = p.id and c.client_id = p.client_id
        where p.id = ${input.projectId} and p.client_id = ${input.clientId}`,
  );
  return row;
}

/** Turns a project's channel on (its joined members in it) or off (kept for reading). */
export async function setProjectChannelArchived(
  db: Db,
  input: { clientId: string; conversationId: string; archived: boolean },
): Promise<void> {
  await db.execute(
    sql`update chat_conversations set archived_at = ${input.archived ? sql`coalesce(archived_at, now())` : sql`null`}
        where id = ${input.conversationId} and client_id = ${input.clientId} and kind = 'project'`,
  );
}

/**
 * Puts a project's joined members in its channel (those already there stay as they are), each with the history read,
 * through the function the membership triggers use (migration 0005).
 */
export async function syncProjectChannelMembers(
  db: Db,
  input: { clientId: string; conversationId: string; projectId: string },
): Promise<void> {
  await db.execute(
    sql`select rally_chat_channel_joined(c.id, pm.user_id) from chat_conversations c
        join project_members pm on pm.project_id = c.project_id and pm.client_id = c.client_id
        where c.id = ${input.conversationId} and c.client_id = ${input.clientId} and c.project_id = ${input.projectId}`,
  );
}
