import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/client.ts';
import { chatConversations, chatMembers, chatMessages, chatThreadReads } from '../../db/schema/index.ts';
import { headersFor, unique } from '../../test/factories.ts';

/** Chat rows for API tests, written straight through Drizzle. */

/** A conversation of the client with its members (a group unless `kind` says otherwise). */
export async function createConversation(
  db: Db,
  input: {
    clientId: string;
    memberIds: string[];
    kind?: 'direct' | 'group' | 'brand';
    title?: string;
    memberId?: string;
  },
) {
  const id = uuidv7();
  const kind = input.kind ?? 'group';
  const [row] = await db
    .insert(chatConversations)
    .values({
      id,
      clientId: input.clientId,
      kind,
      title: kind === 'group' ? (input.title ?? unique('Group ')) : null,
      directKey: kind === 'direct' ? [...input.memberIds].sort().join(':') : null,
      memberId: kind === 'brand' ? (input.memberId ?? input.memberIds[0]) : null,
      activityId: id,
    })
    .returning();
  if (input.memberIds.length > 0) {
    await db
      .insert(chatMembers)
      .values(input.memberIds.map((userId) => ({ clientId: input.clientId, conversationId: id, userId })));
  }
  return row!;
}

/** The channel of a team (made by the database with the team). */
export async function teamChannel(db: Db, teamId: string) {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.teamId, teamId));
  return row!;
}

/** A message written straight into a conversation (a reply when `parentId` is given); moves the conversation. */
export async function createMessage(
  db: Db,
  input: {
    clientId: string;
    conversationId: string;
    authorId: string | null;
    parentId?: string;
    body?: string;
    status?: 'published' | 'held';
  },
) {
  const id = uuidv7();
  const [row] = await db
    .insert(chatMessages)
    .values({
      id,
      clientId: input.clientId,
      conversationId: input.conversationId,
      authorId: input.authorId,
      parentId: input.parentId ?? null,
      body: input.body ?? unique('hello '),
      status: input.status ?? 'published',
    })
    .returning();
  if (input.parentId) {
    await db.execute(
      sql`update chat_messages set reply_count = reply_count + 1, last_reply_at = now() where id = ${input.parentId}`,
    );
  }
  await db.execute(
    sql`update chat_conversations set activity_id = ${id}
        ${input.parentId ? sql`` : sql`, last_message_id = ${id}`} where id = ${input.conversationId}`,
  );
  return row!;
}

/** Sets a member's read pointer of a conversation. */
export async function markRead(db: Db, conversationId: string, userId: string, messageId: string | null) {
  await db
    .update(chatMembers)
    .set({ lastReadMessageId: messageId })
    .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, userId)));
}

/** Makes a member follow a thread, with their read pointer in it. */
export async function followThread(
  db: Db,
  input: { clientId: string; conversationId: string; rootId: string; userId: string; readUpTo?: string },
) {
  await db
    .insert(chatThreadReads)
    .values({
      clientId: input.clientId,
      conversationId: input.conversationId,
      rootId: input.rootId,
      userId: input.userId,
      lastReadMessageId: input.readUpTo ?? null,
    })
    .onConflictDoUpdate({
      target: [chatThreadReads.rootId, chatThreadReads.userId],
      set: { lastReadMessageId: input.readUpTo ?? null },
    });
}

/** Calls the API as the token's user on the Demo host (or `host`); answers status and JSON body. */
export async function callAs(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  host?: string,
) {
  const res = await app.inject({
    method,
    url,
    headers: headersFor(token, host),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

/** Sends a message through the API (a fresh client_message_id unless given); answers status and body. */
export function send(
  app: FastifyInstance,
  token: string,
  conversationId: string,
  message: Record<string, unknown>,
) {
  return callAs(app, token, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
    client_message_id: uuidv7(),
    ...message,
  });
}
