import type { ListQuery } from '@rally/shared';
import { type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { type Db, selectRows } from '../../db/client.ts';
import type { StoredChatAttachment } from '../../db/schema/index.ts';
import { type PersonFields, pageBounds, person } from '../posts/posts.repository.ts';

/** Messages, threads, reactions and search. */

const ids = (list: readonly string[]) =>
  sql.join(
    list.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** A message with everything its card shows, as seen by one viewer. */
export interface MessageRow {
  id: string;
  conversation_id: string;
  parent_id: string | null;
  client_message_id: string | null;
  author_id: string | null;
  body: string;
  attachments: StoredChatAttachment[];
  link: Record<string, string | null> | null;
  status: 'published' | 'held';
  reply_count: number;
  last_reply_at: Date | string | null;
  edited_at: Date | string | null;
  deleted_at: Date | string | null;
  created_at: Date | string;
  author: PersonFields | null;
  mention_people: PersonFields[] | null;
  reactions: { emoji: string; count: number; mine: boolean }[] | null;
  quote: { id: string; body: string; deleted: boolean; author: PersonFields | null } | null;
}

/** Messages the viewer may read: published ones, and their own held ones. */
const visibleTo = (viewerId: string) => sql`(status = 'published' or author_id = ${viewerId})`;

/**
 * Adds to a set of message rows (`page`) what a card shows, in one query: author, mentioned members, reactions
 * (in the order first given, with the viewer's) and the quoted message (its start; nothing once deleted or held).
 * Each is looked up per row by its key (a page is small: a join would read every member of the client).
 */
function enrich(viewerId: string, page: SQL, order: SQL): SQL {
  return sql`with page as (${page})
    select m.id, m.conversation_id, m.parent_id, m.client_message_id, m.author_id, m.body, m.attachments, m.link,
      m.status, m.reply_count, m.last_reply_at, m.edited_at, m.deleted_at, m.created_at,
      (select ${person('u')} from users u where u.id = m.author_id and u.client_id = m.client_id) as author,
      case when jsonb_array_length(m.mentions) > 0 then (
        select json_agg(${person('x')}) from users x
        where x.client_id = m.client_id and x.id in (select e::uuid from jsonb_array_elements_text(m.mentions) e))
      end as mention_people,
      (select json_agg(json_build_object('emoji', r.emoji, 'count', r.n, 'mine', r.mine) order by r.first)
        from (select emoji, count(*)::int as n, bool_or(user_id = ${viewerId}) as mine, min(created_at) as first
              from chat_reactions where message_id = m.id group by emoji) r) as reactions,
      case when m.quote_id is null then null else (
        select json_build_object('id', q.id, 'deleted', q.deleted_at is not null,
          'body', case when q.deleted_at is null and q.status = 'published' then left(q.body, 200) else '' end,
          'author', case when qa.id is null then null else ${person('qa')} end)
        from chat_messages q left join users qa on qa.id = q.author_id and qa.client_id = q.client_id
        where q.id = m.quote_id and q.client_id = m.client_id) end as quote
    from page m
    ${order}`;
}

/**
 * One SPEC 7 page of a conversation's top-level messages, or of one thread's replies, that the viewer may read; rows
 * in the page's direction (newest first, or oldest first for newer ones). One more row than the page tells whether
 * there is another.
 */
export async function findMessagesPage(
  db: Db,
  input: { clientId: string; conversationId: string; viewerId: string; parentId?: string; query: ListQuery },
): Promise<MessageRow[]> {
  const { clientId, conversationId, viewerId, parentId, query } = input;
  const b = pageBounds(query);
  const level = parentId ? sql`parent_id = ${parentId}` : sql`parent_id is null`;
  const page = sql`select * from chat_messages where conversation_id = ${conversationId} and client_id = ${clientId}
    and ${level} and ${visibleTo(viewerId)} ${b.cursor} order by id ${b.dir} limit ${b.limit}`;
  return selectRows<MessageRow>(db, enrich(viewerId, page, sql`order by m.id ${b.dir}`));
}

/** Messages of the client by id that the viewer may read, in any order. */
export async function findMessagesByIds(
  db: Db,
  input: { clientId: string; viewerId: string; ids: readonly string[] },
): Promise<MessageRow[]> {
  if (input.ids.length === 0) return [];
  const page = sql`select * from chat_messages where client_id = ${input.clientId} and id in (${ids(input.ids)})
    and ${visibleTo(input.viewerId)}`;
  return selectRows<MessageRow>(db, enrich(input.viewerId, page, sql``));
}

/** One message of the client the viewer may read (membership is the caller's check), or undefined. */
export async function getVisibleMessage(
  db: Db,
  input: { clientId: string; viewerId: string; messageId: string },
): Promise<MessageRow | undefined> {
  const [row] = await findMessagesByIds(db, { ...input, ids: [input.messageId] });
  return row;
}

/** The message a member already sent with this id of the app's, if any. */
export async function findSentMessage(
  db: Db,
  input: { clientId: string; authorId: string; clientMessageId: string },
): Promise<{ id: string; conversation_id: string } | undefined> {
  const [row] = await selectRows<{ id: string; conversation_id: string }>(
    db,
    sql`select id, conversation_id from chat_messages where author_id = ${input.authorId}
        and client_message_id = ${input.clientMessageId} and client_id = ${input.clientId}`,
  );
  return row;
}

/**
 * A new message in one of the client's conversations; answers its id, or undefined when the author already sent one
 * with this client_message_id (or the conversation is not the client's).
 */
export async function insertMessage(
  db: Db,
  input: {
    clientId: string;
    conversationId: string;
    parentId: string | null;
    authorId: string;
    clientMessageId: string;
    body: string;
    mentions: string[];
    attachments: StoredChatAttachment[];
    link: Record<string, string | null> | null;
    quoteId: string | null;
    status: 'published' | 'held';
  },
): Promise<string | undefined> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`insert into chat_messages (id, client_id, conversation_id, parent_id, author_id, client_message_id, body,
          mentions, attachments, link, quote_id, status)
        select ${uuidv7()}::uuid, c.client_id, c.id, ${input.parentId}::uuid, ${input.authorId}::uuid,
          ${input.clientMessageId}::uuid, ${input.body}::text, ${JSON.stringify(input.mentions)}::jsonb,
          ${JSON.stringify(input.attachments)}::jsonb, ${input.link === null ? null : JSON.stringify(input.link)}::jsonb,
          ${input.quoteId}::uuid, ${input.status}::text
        from chat_conversations c where c.id = ${input.conversationId} and c.client_id = ${input.clientId}
        on conflict (author_id, client_message_id) where client_message_id is not null do nothing
        returning id`,
  );
  return rows[0]?.id;
}

/** The author's new text of a message (and its link preview, unless `link` is undefined: then it stays). */
export async function updateMessageText(
  db: Db,
  input: {
    clientId: string;
    id: string;
    body: string;
    mentions: string[];
    status: 'published' | 'held';
    link?: Record<string, string | null> | null;
  },
): Promise<void> {
  const { clientId, id, body, mentions, status, link } = input;
  await db.execute(
    sql`update chat_messages set body = ${body}, mentions = ${JSON.stringify(mentions)}::jsonb, status = ${status},
          edited_at = now() ${link === undefined ? sql`` : sql`, link = ${link === null ? null : JSON.stringify(link)}::jsonb`}
        where id = ${id} and client_id = ${clientId} and deleted_at is null`,
  );
}

/**
 * Deletes a message, keeping its row ("message deleted"): the text, mentions, files, preview and reactions go; who
 * deleted it and when stay. Answers whether it was not deleted before.
 */
export async function markMessageDeleted(
  db: Db,
  input: { clientId: string; id: string; deletedBy: string },
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`update chat_messages set body = '', mentions = '[]'::jsonb, attachments = '[]'::jsonb, link = null,
          deleted_at = now(), deleted_by = ${input.deletedBy}
        where id = ${input.id} and client_id = ${input.clientId} and deleted_at is null returning id`,
  );
  if (rows.length === 0) return false;
  await db.execute(
    sql`delete from chat_reactions where message_id = ${input.id} and client_id = ${input.clientId}`,
  );
  return true;
}

/** A new published reply counts on its thread's first message. */
export async function bumpReplies(db: Db, input: { clientId: string; parentId: string }): Promise<void> {
  await db.execute(
    sql`update chat_messages set reply_count = reply_count + 1, last_reply_at = now()
        where id = ${input.parentId} and client_id = ${input.clientId}`,
  );
}

/**
 * The member follows a thread (answers whether they did not before). With `readUpTo`, their pointer moves forward to
 * it; without, a new follower starts with every reply unread.
 */
export async function followThread(
  db: Db,
  input: { clientId: string; rootId: string; conversationId: string; userId: string; readUpTo?: string },
): Promise<void> {
  const { clientId, rootId, conversationId, userId, readUpTo } = input;
  const onConflict = readUpTo
    ? sql`do update set last_read_message_id = excluded.last_read_message_id
          where chat_thread_reads.client_id = ${clientId} and (chat_thread_reads.last_read_message_id is null
            or chat_thread_reads.last_read_message_id < excluded.last_read_message_id)`
    : sql`do nothing`;
  await db.execute(
    sql`insert into chat_thread_reads (client_id, root_id, conversation_id, user_id, last_read_message_id)
        select r.client_id, r.id, r.conversation_id, ${userId}::uuid, ${readUpTo ?? null}::uuid from chat_messages r
        where r.id = ${rootId} and r.conversation_id = ${conversationId} and r.client_id = ${clientId}
        on conflict (root_id, user_id) ${onConflict}`,
  );
}

/** Adds a member's reaction (once per emoji); answers whether it is new. */
export async function addReaction(
  db: Db,
  input: { clientId: string; messageId: string; userId: string; emoji: string },
): Promise<boolean> {
  const rows = await selectRows<{ emoji: string }>(
    db,
    sql`insert into chat_reactions (client_id, message_id, user_id, emoji)
        select m.client_id, m.id, ${input.userId}::uuid, ${input.emoji}::text from chat_messages m
        where m.id = ${input.messageId} and m.client_id = ${input.clientId}
        on conflict do nothing returning emoji`,
  );
  return rows.length > 0;
}

/** Takes a member's reaction back; answers whether there was one. */
export async function removeReaction(
  db: Db,
  input: { clientId: string; messageId: string; userId: string; emoji: string },
): Promise<boolean> {
  const rows = await selectRows<{ emoji: string }>(
    db,
    sql`delete from chat_reactions where message_id = ${input.messageId} and user_id = ${input.userId}
        and emoji = ${input.emoji} and client_id = ${input.clientId} returning emoji`,
  );
  return rows.length > 0;
}

/**
 * Of the given ids, the people a message of this conversation may mention: its members, and in a brand-team
 * conversation the brand team too (active, no guests).
 */
export async function findMentionableIds(
  db: Db,
  input: { clientId: string; conversationId: string; ids: readonly string[] },
): Promise<string[]> {
  if (input.ids.length === 0) return [];
  const { clientId, conversationId } = input;
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select u.id from users u
        where u.client_id = ${clientId} and u.is_active and not u.is_ghost and u.id in (${ids(input.ids)})
          and (exists (select 1 from chat_members cm where cm.conversation_id = ${conversationId} and cm.user_id = u.id)
            or (u.role in ('ADMIN', 'ANALYST') and exists (select 1 from chat_conversations c
              where c.id = ${conversationId} and c.client_id = ${clientId} and c.kind = 'brand')))`,
  );
  const found = new Set(rows.map((r) => r.id));
  return [...new Set(input.ids)].filter((id) => found.has(id));
}

/**
 * Who gets a push for a new published message: members of the conversation (its thread's followers for a reply)
 * other than the author who have not muted it, and who had nothing unread there before it (so a burst of messages
 * pushes once until they read), or are mentioned in it.
 */
export async function findPushRecipients(
  db: Db,
  input: {
    clientId: string;
    conversationId: string;
    messageId: string;
    parentId: string | null;
    authorId: string;
    mentions: readonly string[];
  },
): Promise<string[]> {
  const { clientId, conversationId, messageId, parentId, authorId } = input;
  const mentioned = input.mentions.length > 0 ? sql`r.user_id in (${ids(input.mentions)})` : sql`false`;
  const earlier = (pointer: SQL, level: SQL) =>
    sql`exists (select 1 from chat_messages m where ${level} and m.id < ${messageId}
      and (${pointer} is null or m.id > ${pointer}) and m.author_id is distinct from r.user_id
      and m.status = 'published' and m.deleted_at is null)`;
  const readers = parentId
    ? sql`select tr.user_id, tr.last_read_message_id as ptr from chat_thread_reads tr
        where tr.root_id = ${parentId} and tr.client_id = ${clientId}`
    : sql`select cm.user_id, cm.last_read_message_id as ptr from chat_members cm
        where cm.conversation_id = ${conversationId} and cm.client_id = ${clientId}`;
  const level = parentId
    ? sql`m.parent_id = ${parentId}`
    : sql`m.conversation_id = ${conversationId} and m.parent_id is null`;
  const rows = await selectRows<{ user_id: string }>(
    db,
    sql`select r.user_id from (${readers}) r
        join chat_members cm on cm.conversation_id = ${conversationId} and cm.user_id = r.user_id
        where r.user_id <> ${authorId} and cm.muted_at is null
          and (${mentioned} or not ${earlier(sql.raw('r.ptr'), level)})
        order by r.user_id`,
  );
  return rows.map((r) => r.user_id);
}

/**
 * One SPEC 7 page of the member's messages matching `q` (PostgreSQL full text, 'simple' configuration, every word
 * as a prefix), newest first: only in conversations they are in, of this client, published and not deleted.
 */
export async function searchMessages(
  db: Db,
  input: { clientId: string; userId: string; q: string; query: ListQuery },
): Promise<MessageRow[]> {
  const { clientId, userId, q, query } = input;
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean)
    .slice(0, 10);
  if (words.length === 0) return [];
  // Each word as a prefix, all of them required; the words hold only letters, digits and _, so nothing can break
  // out of the tsquery syntax.
  const tsquery = words.map((w) => `${w}:*`).join(' & ');
  const b = pageBounds(query);
  const cursor = query.cursor
    ? b.isNewer
      ? sql`and m.id > ${query.cursor}`
      : sql`and m.id < ${query.cursor}`
    : sql``;
  const page = sql`select m.* from chat_members cm
    join chat_messages m on m.conversation_id = cm.conversation_id and m.client_id = ${clientId}
    where cm.user_id = ${userId} and cm.client_id = ${clientId}
      and m.status = 'published' and m.deleted_at is null
      and m.search @@ to_tsquery('simple', ${tsquery}) ${cursor}
    order by m.id ${b.dir} limit ${b.limit}`;
  return selectRows<MessageRow>(db, enrich(userId, page, sql`order by m.id ${b.dir}`));
}

/** Whether a member's report of this message is already waiting in the Brand Safety queue. */
export async function hasPendingReport(
  db: Db,
  input: { clientId: string; messageId: string },
): Promise<boolean> {
  const rows = await selectRows(
    db,
    sql`select 1 from moderation_items where target_kind = 'chat' and target_id = ${input.messageId}
        and client_id = ${input.clientId} and status = 'pending' limit 1`,
  );
  return rows.length > 0;
}

/** A held message just published: what its notices need. */
export interface PublishedMessage {
  conversation_id: string;
  parent_id: string | null;
  author_id: string | null;
  mentions: string[];
  body: string;
  attachment_count: number;
}

/** Publishes a held message; answers it when it was held (and so is published now). */
export async function publishHeldMessage(
  db: Db,
  input: { clientId: string; id: string },
): Promise<PublishedMessage | undefined> {
  const [row] = await selectRows<PublishedMessage>(
    db,
    sql`update chat_messages set status = 'published'
        where id = ${input.id} and client_id = ${input.clientId} and status = 'held' and deleted_at is null
        returning conversation_id, parent_id, author_id, mentions, body,
          jsonb_array_length(attachments)::int as attachment_count`,
  );
  return row;
}
