import { CHAT_UNREAD_COUNT_CAP, type ChatKind, type ListQuery } from '@rally/shared';
import { type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { type Db, selectRows } from '../../db/client.ts';
import { chatConversations } from '../../db/schema/index.ts';
import { type PersonFields, person } from '../posts/posts.repository.ts';

/** Conversations, their members and read pointers, and the unread summary (GET /api/chat/seen). */

/** A list of ids as SQL: `in (${ids(list)})` (the list must not be empty). */
export const ids = (list: readonly string[]) =>
  sql.join(
    list.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** A conversation with what its lists and checks show: the channel's name as title and the viewer's state. */
export interface ConversationRow {
  id: string;
  client_id: string;
  kind: ChatKind;
  title: string | null;
  team_id: string | null;
  project_id: string | null;
  member_id: string | null;
  archived_at: Date | string | null;
  activity_id: string;
  last_message_id: string | null;
  assignee_id: string | null;
  status: 'open' | 'resolved';
  resolved_at: Date | string | null;
  staff_read_message_id: string | null;
  created_at: Date | string;
}

/** A conversation of the member's list: with their read pointer, mute, unread count and the people in it. */
export interface MemberConversationRow extends ConversationRow {
  my_read: string | null;
  is_starter: boolean;
  muted_at: Date | string | null;
  unread: number;
  member_count: number;
  people: PersonFields[] | null;
}

// The title a conversation shows: a group's own, else its team's or project's name.
const CONVERSATION_COLUMNS = sql.raw(`c.id, c.client_id, c.kind, coalesce(c.title, t.name, pr.name) as title,
  c.team_id, c.project_id, c.member_id, c.archived_at, c.activity_id, c.last_message_id, c.assignee_id, c.status,
  c.resolved_at, c.staff_read_message_id, c.created_at`);
const CHANNEL_NAMES = sql.raw(`left join teams t on t.id = c.team_id and t.client_id = c.client_id
  left join projects pr on pr.id = c.project_id and pr.client_id = c.client_id`);

/** Unread messages of others after a pointer in one conversation's top level, counted up to the cap. */
const unreadOf = (conversation: SQL, pointer: SQL, userId: string) =>
  sql`(select count(*)::int from (select 1 from chat_messages m
      where m.conversation_id = ${conversation} and m.parent_id is null and (${pointer} is null or m.id > ${pointer})
        and m.author_id is distinct from ${userId} and m.status = 'published' and m.deleted_at is null
      limit ${CHAT_UNREAD_COUNT_CAP}) u)`;

/**
 * One page of the member's conversations, the most recently active first (SPEC 7: cursor = id of the last
 * conversation; a negative limit with a cursor answers the more recently active ones). Project channels an admin
 * turned off are left out. Rows come in the page's direction, one more than the page when another exists.
 */
export async function findMemberConversations(
  db: Db,
  input: { clientId: string; userId: string; query: ListQuery },
): Promise<MemberConversationRow[]> {
  const { clientId, userId, query } = input;
  const isNewer = query.limit < 0 && query.cursor !== undefined;
  const size = Math.abs(query.limit);
  const anchor = sql`(select activity_id from chat_conversations where id = ${query.cursor ?? null} and client_id = ${clientId})`;
  const cursor = query.cursor
    ? isNewer
      ? sql`and c.activity_id > ${anchor}`
      : sql`and c.activity_id < ${anchor}`
    : sql``;
  const dir = sql.raw(isNewer ? 'asc' : 'desc');
  const rows = await selectRows<MemberConversationRow>(
    db,
    sql`with page as (
        select ${CONVERSATION_COLUMNS}, cm.last_read_message_id as my_read, cm.muted_at,
          c.created_by is not distinct from ${userId}::uuid as is_starter
        from chat_members cm
        join chat_conversations c on c.id = cm.conversation_id and c.client_id = ${clientId}
        ${CHANNEL_NAMES}
        where cm.user_id = ${userId} and cm.client_id = ${clientId} and c.archived_at is null ${cursor}
        order by c.activity_id ${dir} limit ${size + 1})
      select p.*, ${unreadOf(sql.raw('p.id'), sql.raw('p.my_read'), userId)} as unread,
        (select count(*)::int from chat_members x where x.conversation_id = p.id) as member_count,
        ${peopleOf(sql.raw('p'))} as people
      from page p order by p.activity_id ${dir}`,
  );
  return rows;
}

const peopleOf = (p: SQL) =>
  sql`case when ${p}.kind in ('direct', 'group', 'brand') then (
    select json_agg(${person('u')} order by u.first_name, u.last_name, u.id) from chat_members x
    join users u on u.id = x.user_id and u.client_id = ${p}.client_id where x.conversation_id = ${p}.id) end`;

/** One conversation of the member (any state), or undefined when they are not in it or it is another client's. */
export async function getMemberConversation(
  db: Db,
  input: { clientId: string; userId: string; conversationId: string },
): Promise<MemberConversationRow | undefined> {
  const { clientId, userId, conversationId } = input;
  const [row] = await selectRows<MemberConversationRow>(
    db,
    sql`with page as (
        select ${CONVERSATION_COLUMNS}, cm.last_read_message_id as my_read, cm.muted_at,
          c.created_by is not distinct from ${userId}::uuid as is_starter
        from chat_members cm
        join chat_conversations c on c.id = cm.conversation_id and c.client_id = ${clientId}
        ${CHANNEL_NAMES}
        where cm.user_id = ${userId} and cm.client_id = ${clientId} and cm.conversation_id = ${conversationId})
      select p.*, ${unreadOf(sql.raw('p.id'), sql.raw('p.my_read'), userId)} as unread,
        (select count(*)::int from chat_members x where x.conversation_id = p.id) as member_count,
        ${peopleOf(sql.raw('p'))} as people
      from page p`,
  );
  return row;
}

/**
 * The member's conversation as a page of its messages needs it (kind, archived), without the counts of the lists;
 * undefined when they are not in it or it is another client's.
 */
export async function getMembership(
  db: Db,
  input: { clientId: string; userId: string; conversationId: string },
): Promise<{ id: string; kind: ChatKind; archived_at: Date | string | null } | undefined> {
  const [row] = await selectRows<{ id: string; kind: ChatKind; archived_at: Date | string | null }>(
    db,
    sql`select c.id, c.kind, c.archived_at from chat_members cm
        join chat_conversations c on c.id = cm.conversation_id and c.client_id = ${input.clientId}
        where cm.user_id = ${input.userId} and cm.client_id = ${input.clientId}
          and cm.conversation_id = ${input.conversationId}`,
  );
  return row;
}

/** One of the client's conversations as stored (with its channel's name as title). */
export async function getConversation(
  db: Db,
  input: { clientId: string; conversationId: string },
): Promise<ConversationRow | undefined> {
  const [row] = await selectRows<ConversationRow>(
    db,
    sql`select ${CONVERSATION_COLUMNS} from chat_conversations c ${CHANNEL_NAMES}
        where c.id = ${input.conversationId} and c.client_id = ${input.clientId}`,
  );
  return row;
}

/** Ids of the members of a conversation of the client. */
export async function findConversationMemberIds(
  db: Db,
  input: { clientId: string; conversationId: string },
): Promise<string[]> {
  const rows = await selectRows<{ user_id: string }>(
    db,
    sql`select user_id from chat_members where conversation_id = ${input.conversationId}
        and client_id = ${input.clientId} order by user_id`,
  );
  return rows.map((r) => r.user_id);
}

/** The id of a team's channel (made with the team by a trigger), or null. */
export async function findTeamConversationId(
  db: Db,
  input: { clientId: string; teamId: string },
): Promise<string | null> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`select id from chat_conversations where team_id = ${input.teamId} and client_id = ${input.clientId}
        and kind = 'team'`,
  );
  return row?.id ?? null;
}

/** A new conversation; answers its id, or undefined when its unique key (direct pair, brand line) already exists. */
export async function insertConversation(
  db: Db,
  input: {
    clientId: string;
    kind: 'direct' | 'group' | 'brand' | 'project';
    title?: string | null;
    directKey?: string;
    memberId?: string;
    projectId?: string;
    createdBy: string | null;
  },
): Promise<string | undefined> {
  const id = uuidv7();
  const [row] = await db
    .insert(chatConversations)
    .values({
      id,
      clientId: input.clientId,
      kind: input.kind,
      title: input.title ?? null,
      directKey: input.directKey ?? null,
      memberId: input.memberId ?? null,
      projectId: input.projectId ?? null,
      createdBy: input.createdBy,
      activityId: id,
    })
    .onConflictDoNothing()
    .returning({ id: chatConversations.id });
  return row?.id;
}

/** The client's direct conversation of a pair of members, or its brand-team line of a member. */
export async function findConversationByKey(
  db: Db,
  input: { clientId: string; directKey?: string; memberId?: string; projectId?: string },
): Promise<string | undefined> {
  const key = input.directKey
    ? sql`direct_key = ${input.directKey}`
    : input.memberId
      ? sql`kind = 'brand' and member_id = ${input.memberId}`
      : sql`project_id = ${input.projectId ?? null}`;
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`select id from chat_conversations where client_id = ${input.clientId} and ${key}`,
  );
  return row?.id;
}

/**
 * Adds people of the client to one of its conversations (those already in it stay as they are); nothing for a
 * conversation or person of another client.
 */
export async function insertMembers(
  db: Db,
  input: { clientId: string; conversationId: string; userIds: readonly string[] },
): Promise<void> {
  if (input.userIds.length === 0) return;
  await db.execute(
    sql`insert into chat_members (client_id, conversation_id, user_id)
        select c.client_id, c.id, u.id from chat_conversations c
        join users u on u.client_id = c.client_id and u.id in (${ids(input.userIds)})
        where c.id = ${input.conversationId} and c.client_id = ${input.clientId}
        on conflict do nothing`,
  );
}

/** Takes a person out of a group of the client; answers whether they were in it. */
export async function deleteMember(
  db: Db,
  input: { clientId: string; conversationId: string; userId: string },
): Promise<boolean> {
  const rows = await selectRows<{ user_id: string }>(
    db,
    sql`delete from chat_members m using chat_conversations c
        where m.conversation_id = ${input.conversationId} and m.user_id = ${input.userId}
          and m.client_id = ${input.clientId} and c.id = m.conversation_id and c.kind = 'group'
        returning m.user_id`,
  );
  return rows.length > 0;
}

/** Mutes or unmutes a conversation for a member. */
export async function setMuted(
  db: Db,
  input: { clientId: string; conversationId: string; userId: string; muted: boolean },
): Promise<void> {
  await db.execute(
    sql`update chat_members set muted_at = ${input.muted ? sql`coalesce(muted_at, now())` : sql`null`}
        where conversation_id = ${input.conversationId} and user_id = ${input.userId}
          and client_id = ${input.clientId}`,
  );
}

/** Changes a group's title (null: none). */
export async function setTitle(
  db: Db,
  input: { clientId: string; conversationId: string; title: string | null },
): Promise<void> {
  await db.execute(
    sql`update chat_conversations set title = ${input.title}
        where id = ${input.conversationId} and client_id = ${input.clientId} and kind = 'group'`,
  );
}

/** Moves the member's read pointer of a conversation forward to `messageId` (never back). */
export async function advanceReadPointer(
  db: Db,
  input: { clientId: string; conversationId: string; userId: string; messageId: string },
): Promise<boolean> {
  const rows = await selectRows<{ user_id: string }>(
    db,
    sql`update chat_members set last_read_message_id = ${input.messageId}
        where conversation_id = ${input.conversationId} and user_id = ${input.userId}
          and client_id = ${input.clientId}
          and (last_read_message_id is null or last_read_message_id < ${input.messageId})
        returning user_id`,
  );
  return rows.length > 0;
}

/** Moves the brand team's shared read pointer of a brand-team conversation forward (never back). */
export async function advanceStaffReadPointer(
  db: Db,
  input: { clientId: string; conversationId: string; messageId: string },
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`update chat_conversations set staff_read_message_id = ${input.messageId}
        where id = ${input.conversationId} and client_id = ${input.clientId} and kind = 'brand'
          and (staff_read_message_id is null or staff_read_message_id < ${input.messageId})
        returning id`,
  );
  return rows.length > 0;
}

/**
 * After a new published message: the conversation's sort key moves to it, and a top-level one becomes its last
 * message. A member's message reopens their resolved brand-team conversation.
 */
export async function touchConversation(
  db: Db,
  input: {
    clientId: string;
    conversationId: string;
    messageId: string;
    isTopLevel: boolean;
    reopen: boolean;
  },
): Promise<void> {
  const { clientId, conversationId, messageId } = input;
  await db.execute(
    sql`update chat_conversations set activity_id = greatest(activity_id, ${messageId}::uuid)
        ${input.isTopLevel ? sql`, last_message_id = greatest(coalesce(last_message_id, ${messageId}::uuid), ${messageId}::uuid)` : sql``}
        ${input.reopen ? sql`, status = 'open', resolved_at = null` : sql``}
        where id = ${conversationId} and client_id = ${clientId}`,
  );
}

/**
 * Marks read the member's push notifications of messages of the conversation up to the pointer, so a message read
 * on one device clears the badge of the others on their next sync. The notification's link ends with the message id.
 */
export async function markChatNotificationsRead(
  db: Db,
  input: { clientId: string; userId: string; conversationId: string; upTo: string },
): Promise<void> {
  await db.execute(
    sql`update notifications n set read_at = now()
        where n.client_id = ${input.clientId} and n.user_id = ${input.userId} and n.kind = 'chat_message'
          and n.read_at is null
          and exists (select 1 from chat_messages m where m.conversation_id = ${input.conversationId}
            and m.client_id = ${input.clientId} and m.id <= ${input.upTo} and m.id::text = right(n.link, 36))`,
  );
}
