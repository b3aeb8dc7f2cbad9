import { eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import {
  chatCannedReplies,
  chatConversations,
  chatMembers,
  chatMessages,
  clients,
} from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createProject, createUser, joinProject } from '../../test/factories.ts';
import { createConversation, createMessage } from './chat.fixture.ts';
import {
  advanceReadPointer,
  advanceStaffReadPointer,
  getMemberConversation,
  insertMembers,
  markChatNotificationsRead,
  setMuted,
  setTitle,
  touchConversation,
} from './chat.repository.ts';
import {
  deleteCannedReply,
  insertCannedReply,
  insertNote,
  setProjectChannelArchived,
  syncProjectChannelMembers,
  updateCannedReply,
  updateInboxConversation,
} from './chat-inbox.repository.ts';
import {
  addReaction,
  bumpReplies,
  findMessagesByIds,
  followThread,
  insertMessage,
  markMessageDeleted,
  publishHeldMessage,
  removeReaction,
  updateMessageText,
} from './chat-messages.repository.ts';
import { findUnreadMessages } from './chat-unread.repository.ts';

/**
 * Tenancy of chat's writes: every repository function that writes, given the other client's id (Acme) with rows of the
 * first client (Demo), changes nothing; and reads with the other client's id find nothing.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

/** Every chat row of Demo, as text: what must stay the same. */
async function demoChat() {
  const rows = await selectRows<{ t: string }>(
    t.ctx.db,
    sql`select (select json_agg(x order by x::text) from chat_conversations x where client_id = ${ids.demo})::text
      || (select coalesce(json_agg(x order by x::text), '[]') from chat_members x where client_id = ${ids.demo})::text
      || (select coalesce(json_agg(x order by x::text), '[]') from (select id, body, status, reply_count, deleted_at,
            mentions, edited_at from chat_messages where client_id = ${ids.demo}) x)::text
      || (select coalesce(json_agg(x order by x::text), '[]') from chat_reactions x where client_id = ${ids.demo})::text
      || (select coalesce(json_agg(x order by x::text), '[]') from chat_thread_reads x where client_id = ${ids.demo})::text
      || (select coalesce(json_agg(x order by x::text), '[]') from chat_notes x)::text
      || (select coalesce(json_agg(x order by x::text), '[]') from chat_canned_replies x where client_id = ${ids.demo})::text
      as t`,
  );
  return rows[0]!.t;
}

describe('chat writes with another client’s id', () => {
  it('change none of the first client’s rows', async () => {
    const c = ids.demo;
    const acme = ids.acme;
    const [a, b, admin] = await Promise.all([
      createUser(t.ctx.db, { clientId: c }),
      createUser(t.ctx.db, { clientId: c }),
      createUser(t.ctx.db, { clientId: c, role: 'ADMIN' }),
    ]);
    const group = await createConversation(t.ctx.db, { clientId: c, memberIds: [a.id, b.id] });
    const line = await createConversation(t.ctx.db, { clientId: c, kind: 'brand', memberIds: [a.id] });
    const root = await createMessage(t.ctx.db, { clientId: c, conversationId: group.id, authorId: a.id });
    const held = await createMessage(t.ctx.db, {
      clientId: c,
      conversationId: group.id,
      authorId: a.id,
      status: 'held',
    });
    await addReaction(t.ctx.db, { clientId: c, messageId: root.id, userId: b.id, emoji: '👍' });
    const project = await createProject(t.ctx.db, { clientId: c });
    await joinProject(t.ctx.db, { clientId: c, projectId: project.id, userId: a.id });
    const [channel] = await t.ctx.db
      .insert(chatConversations)
      .values({ clientId: c, kind: 'project', projectId: project.id, activityId: uuidv7() })
      .returning();
    const reply = await insertCannedReply(t.ctx.db, {
      clientId: c,
      title: 'Hi',
      body: 'Hello',
      createdBy: admin.id,
    });
    const before = await demoChat();

    const db = t.ctx.db;
    await insertMembers(db, { clientId: acme, conversationId: group.id, userIds: [a.id] });
    await setMuted(db, { clientId: acme, conversationId: group.id, userId: a.id, muted: true });
    await setTitle(db, { clientId: acme, conversationId: group.id, title: 'Hijacked' });
    await advanceReadPointer(db, {
      clientId: acme,
      conversationId: group.id,
      userId: b.id,
      messageId: root.id,
    });
    await advanceStaffReadPointer(db, { clientId: acme, conversationId: line.id, messageId: root.id });
    await touchConversation(db, {
      clientId: acme,
      conversationId: group.id,
      messageId: uuidv7(),
      isTopLevel: true,
      reopen: true,
    });
    await markChatNotificationsRead(db, {
      clientId: acme,
      userId: b.id,
      conversationId: group.id,
      upTo: root.id,
    });
    expect(
      await insertMessage(db, {
        clientId: acme,
        conversationId: group.id,
        parentId: null,
        authorId: a.id,
        clientMessageId: uuidv7(),
        body: 'Injected',
        mentions: [],
        attachments: [],
        link: null,
        quoteId: null,
        status: 'published',
      }),
    ).toBeUndefined();
    await updateMessageText(db, {
      clientId: acme,
      id: root.id,
      body: 'Changed',
      mentions: [],
      status: 'held',
    });
    expect(await markMessageDeleted(db, { clientId: acme, id: root.id, deletedBy: b.id })).toBe(false);
    await bumpReplies(db, { clientId: acme, parentId: root.id });
    await followThread(db, {
      clientId: acme,
      rootId: root.id,
      conversationId: group.id,
      userId: b.id,
      readUpTo: root.id,
    });
    expect(await addReaction(db, { clientId: acme, messageId: root.id, userId: a.id, emoji: '🎉' })).toBe(
      false,
    );
    expect(await removeReaction(db, { clientId: acme, messageId: root.id, userId: b.id, emoji: '👍' })).toBe(
      false,
    );
    expect(await publishHeldMessage(db, { clientId: acme, id: held.id })).toBeUndefined();
    await updateInboxConversation(db, {
      clientId: acme,
      conversationId: line.id,
      assigneeId: admin.id,
      status: 'resolved',
    });
    expect(
      await insertNote(db, { clientId: acme, conversationId: line.id, authorId: admin.id, body: 'x' }),
    ).toBeUndefined();
    expect(await updateCannedReply(db, { clientId: acme, id: reply.id, title: 'Changed' })).toBeUndefined();
    expect(await deleteCannedReply(db, { clientId: acme, id: reply.id })).toBe(false);
    await setProjectChannelArchived(db, { clientId: acme, conversationId: channel!.id, archived: true });
    await syncProjectChannelMembers(db, {
      clientId: acme,
      conversationId: channel!.id,
      projectId: project.id,
    });

    expect(await demoChat()).toBe(before);
    const [client] = await db.select().from(clients).where(eq(clients.id, c));
    expect(client!.config.chat_dm_policy).toBeUndefined();
    expect((await db.select().from(chatCannedReplies).where(eq(chatCannedReplies.id, reply.id))).length).toBe(
      1,
    );
  });

  it('read nothing of the first client', async () => {
    const c = ids.demo;
    const [a, b] = await Promise.all([
      createUser(t.ctx.db, { clientId: c }),
      createUser(t.ctx.db, { clientId: c }),
    ]);
    const group = await createConversation(t.ctx.db, { clientId: c, memberIds: [a.id, b.id] });
    const m = await createMessage(t.ctx.db, { clientId: c, conversationId: group.id, authorId: b.id });
    expect(await findUnreadMessages(t.ctx.db, { clientId: c, userId: a.id, inbox: null })).toHaveLength(1);
    expect(await findUnreadMessages(t.ctx.db, { clientId: ids.acme, userId: a.id, inbox: null })).toEqual([]);
    expect(
      await findUnreadMessages(t.ctx.db, {
        clientId: ids.acme,
        userId: a.id,
        inbox: { userId: a.id, scope: { kind: 'all' } },
      }),
    ).toEqual([]);
    expect(
      await getMemberConversation(t.ctx.db, { clientId: ids.acme, userId: a.id, conversationId: group.id }),
    ).toBeUndefined();
    expect(await findMessagesByIds(t.ctx.db, { clientId: ids.acme, viewerId: a.id, ids: [m.id] })).toEqual(
      [],
    );
    const members = await t.ctx.db.select().from(chatMembers).where(eq(chatMembers.conversationId, group.id));
    expect(members).toHaveLength(2);
    expect((await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, m.id))).length).toBe(1);
  });
});
