import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatReactions, moderationItems, projectMembers } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createProject, createUser, joinProject, uploadFile } from '../../test/factories.ts';
import { setLinkPreviewPolicy } from '../posts/link-preview.ts';
import { callAs, createConversation, createMessage, send } from './chat.fixture.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let site: Server;
let siteUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<html><head><meta property="og:title" content="Launch notes"></head></html>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  siteUrl = `http://127.0.0.1:${port}`;
  setLinkPreviewPolicy({ allowPrivate: true, ports: [port] });
});
afterAll(async () => {
  site?.close();
  await t.close();
});

const member = async (input: Partial<Parameters<typeof createUser>[1]> = {}) => {
  const user = await createUser(t.ctx.db, { clientId: ids.demo, ...input });
  return { user, token: await t.login(user.email!) };
};
/** Two members and their group conversation. */
async function pair() {
  const [a, b] = [await member({ firstName: 'Ana', lastName: 'Lima' }), await member()];
  const group = await createConversation(t.ctx.db, { clientId: ids.demo, memberIds: [a.user.id, b.user.id] });
  return { a, b, group };
}
const messageCount = async () => (await t.ctx.db.select({ id: chatMessages.id }).from(chatMessages)).length;
const messagesUrl = (id: string, query = '') => `/api/chat/conversations/${id}/messages${query}`;
const idsOf = (res: { body: { messages: { id: string }[] } }) => res.body.messages.map((m) => m.id);

describe('chat messages: sessions', () => {
  it('answers 401 without a valid session of this client on every message route', async () => {
    const id = uuidv7();
    for (const call of [
      { url: messagesUrl(id) },
      { method: 'POST' as const, url: messagesUrl(id), payload: { client_message_id: id, body: 'x' } },
      { url: `/api/chat/messages/${id}` },
      { method: 'PATCH' as const, url: `/api/chat/messages/${id}`, payload: { body: 'x' } },
      { method: 'DELETE' as const, url: `/api/chat/messages/${id}` },
      { method: 'PUT' as const, url: `/api/chat/messages/${id}/reactions`, payload: { emoji: '👍' } },
      { method: 'DELETE' as const, url: `/api/chat/messages/${id}/reactions?emoji=%F0%9F%91%8D` },
      { method: 'POST' as const, url: `/api/chat/messages/${id}/report`, payload: {} },
    ]) {
      await expectSessionRequired(t, call);
    }
  });
});

describe('POST /api/chat/conversations/{id}/messages', () => {
  it('writes a message with mentions of members of the conversation, a link preview and files', async () => {
    const { a, b, group } = await pair();
    const outsider = await member();
    const file = await uploadFile(t.app, a.token, { type: 'chat', objectId: ids.demo });
    const res = await send(t.app, a.token, group.id, {
      body: `Hi @Someone #launch ${siteUrl}/notes`,
      mentions: [b.user.id, outsider.user.id],
      attachments: [file],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatchObject({
      conversation_id: group.id,
      parent_id: null,
      author: { id: a.user.id, display_name: 'Ana Lima' },
      body: `Hi @Someone #launch ${siteUrl}/notes`,
      mentions: [{ id: b.user.id }],
      attachments: [{ url: file, content_type: 'image/webp' }],
      link: { url: `${siteUrl}/notes`, title: 'Launch notes' },
      quote: null,
      reactions: [],
      reply_count: 0,
      status: 'published',
      edited_at: null,
      deleted: false,
      abilities: {
        can_edit: true,
        can_delete: true,
        can_remove: false,
        can_reply: true,
        can_react: true,
        can_report: false,
      },
    });
    const seen = await callAs(t.app, b.token, 'GET', '/api/chat/seen');
    expect(seen.body).toEqual({
      unread: 1,
      first: { id: res.body.message.id, parent_id: null },
      threads: [],
    });
    const listed = await callAs(t.app, b.token, 'GET', `/api/chat/conversations/${group.id}`);
    expect(listed.body.conversation).toMatchObject({ unread: 1, last_message: { id: res.body.message.id } });
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const { a, b, group } = await pair();
    const other = await createConversation(t.ctx.db, { clientId: ids.demo, memberIds: [a.user.id] });
    const elsewhere = await createMessage(t.ctx.db, {
      clientId: ids.demo,
      conversationId: other.id,
      authorId: a.user.id,
    });
    const root = await createMessage(t.ctx.db, {
      clientId: ids.demo,
      conversationId: group.id,
      authorId: a.user.id,
    });
    const reply = await createMessage(t.ctx.db, {
      clientId: ids.demo,
      conversationId: group.id,
      authorId: a.user.id,
      parentId: root.id,
    });
    const theirFile = await uploadFile(t.app, b.token, { type: 'chat', objectId: ids.demo });
    const before = await messageCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ body: '' }, 'body cannot be empty: write something or attach a file'],
      [{ body: '   ' }, 'body cannot be empty'],
      [{ body: 'x'.repeat(4001) }, 'body must be 4000 characters or less'],
      [{ body: 'hi', client_message_id: 'nope' }, 'client_message_id must be a UUID'],
      [{ body: 'hi', parent_id: elsewhere.id }, 'parent_id must be a message of this conversation'],
      [{ body: 'hi', parent_id: reply.id }, 'parent_id must be a message of this conversation, not a reply'],
      [{ body: 'hi', parent_id: uuidv7() }, 'parent_id must be a message of this conversation'],
      [{ body: 'hi', quote_id: elsewhere.id }, 'quote_id must be a message of this conversation'],
      [{ body: 'hi', attachments: [theirFile] }, 'attachments must be files you uploaded'],
      [{ body: 'hi', attachments: ['/api/files/x.webp'] }, 'attachments must be files you uploaded'],
      [{ body: 'hi', attachments: ['a', 'b', 'c', 'd', 'e'] }, 'attachments can hold at most 4 files'],
      [{ body: '!!!' }, 'Message must contain words, not only symbols'],
    ];
    for (const [body, message] of cases) {
      const res = await send(t.app, a.token, group.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    const missing = await callAs(t.app, a.token, 'POST', messagesUrl(group.id), { body: 'hi' });
    expect(missing.status).toBe(400);
    expect(await messageCount()).toBe(before);
  });

  it('answers 404 in a conversation the member is not in or of another client, and writes nothing', async () => {
    const { a } = await pair();
    const outsider = await member();
    const theirs = await createConversation(t.ctx.db, { clientId: ids.demo, memberIds: [outsider.user.id] });
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    const foreign = await createConversation(t.ctx.db, { clientId: ids.acme, memberIds: [acmeUser.id] });
    const before = await messageCount();
    for (const id of [theirs.id, foreign.id]) {
      expect(await send(t.app, a.token, id, { body: 'hi' })).toEqual({
        status: 404,
        body: { message: 'Conversation not found' },
      });
      expect((await callAs(t.app, a.token, 'GET', messagesUrl(id))).status).toBe(404);
    }
    expect(await messageCount()).toBe(before);
  });

  it('stores a retried send once: the same client_message_id answers 200 with the stored message', async () => {
    const { a, b, group } = await pair();
    const key = uuidv7();
    const first = await send(t.app, a.token, group.id, { client_message_id: key, body: 'Once' });
    expect(first.status).toBe(201);
    const again = await send(t.app, a.token, group.id, { client_message_id: key, body: 'Once' });
    expect(again.status).toBe(200);
    expect(again.body.message).toMatchObject({ id: first.body.message.id, client_message_id: key });
    const rows = await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.clientMessageId, key));
    expect(rows).toHaveLength(1);
    // The same id from another member is their own message; reused for another conversation it is refused.
    expect((await send(t.app, b.token, group.id, { client_message_id: key, body: 'Mine' })).status).toBe(201);
    const dm = await createConversation(t.ctx.db, { clientId: ids.demo, memberIds: [a.user.id] });
    expect(await send(t.app, a.token, dm.id, { client_message_id: key, body: 'Elsewhere' })).toEqual({
      status: 409,
      body: {
        message: 'client_message_id was already used for another message',
        code: 'client_message_id_used',
      },
    });
  });

  it('answers 409 in a project channel an admin turned off', async () => {
    const a = await member();
    const admin = await t.login('admin@demo.test');
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, userId: a.user.id });
    const on = await callAs(t.app, admin, 'PUT', `/api/admin/chat/projects/${project.id}/channel`);
    const channel = on.body.channel.conversation_id;
    expect((await send(t.app, a.token, channel, { body: 'Open' })).status).toBe(201);
    await callAs(t.app, admin, 'DELETE', `/api/admin/chat/projects/${project.id}/channel`);
    expect(await send(t.app, a.token, channel, { body: 'Closed' })).toEqual({
      status: 409,
      body: { message: 'This channel is closed for new messages', code: 'archived' },
    });
    const read = await callAs(t.app, a.token, 'GET', messagesUrl(channel));
    expect(read.body.messages[0].abilities).toMatchObject({ can_reply: false, can_react: false });
    await t.ctx.db.delete(projectMembers).where(eq(projectMembers.userId, a.user.id));
    expect((await callAs(t.app, a.token, 'GET', messagesUrl(channel))).status).toBe(404);
  });
});

describe('GET /api/chat/conversations/{id}/messages', () => {
  it('pages back by cursor, and catches up with a negative limit from the last seen id without gaps or repeats', async () => {
    const { a, b, group } = await pair();
    const sent: string[] = [];
    for (let i = 0; i < 7; i++)
      sent.push((await send(t.app, i % 2 ? a.token : b.token, group.id, { body: `m${i}` })).body.message.id);
    const newestFirst = [...sent].reverse();
    const p1 = await callAs(t.app, a.token, 'GET', messagesUrl(group.id, '?limit=3'));
    expect(idsOf(p1)).toEqual(newestFirst.slice(0, 3));
    const p2 = await callAs(
      t.app,
      a.token,
      'GET',
      messagesUrl(group.id, `?limit=3&cursor=${p1.body.next_cursor}`),
    );
    expect(idsOf(p2)).toEqual(newestFirst.slice(3, 6));
    const p3 = await callAs(
      t.app,
      a.token,
      'GET',
      messagesUrl(group.id, `?limit=3&cursor=${p2.body.next_cursor}`),
    );
    expect(idsOf(p3)).toEqual(newestFirst.slice(6));
    expect(p3.body.next_cursor).toBeNull();

    // Catching up from the second message, 2 at a time: every newer message once, in order.
    const caught: string[] = [];
    let cursor: string | null = sent[1]!;
    while (cursor) {
      const page = await callAs(t.app, a.token, 'GET', messagesUrl(group.id, `?limit=-2&cursor=${cursor}`));
      caught.push(...idsOf(page).reverse());
      cursor = page.body.next_cursor;
    }
    expect(caught).toEqual(sent.slice(2));
    const none = await callAs(t.app, a.token, 'GET', messagesUrl(group.id, `?limit=-5&cursor=${sent[6]}`));
    expect(none.body).toEqual({ messages: [], next_cursor: null });
    expect((await callAs(t.app, a.token, 'GET', messagesUrl(group.id, '?limit=101'))).status).toBe(400);
    expect((await callAs(t.app, a.token, 'GET', messagesUrl(group.id, '?parent_id=x'))).status).toBe(400);
  });

  it('keeps replies in their thread: counted on the first message, listed by parent_id, followed by its starter', async () => {
    const { a, b, group } = await pair();
    const root = await send(t.app, a.token, group.id, { body: 'Who joins Friday?' });
    const rootId = root.body.message.id;
    const r1 = await send(t.app, b.token, group.id, { body: 'Me', parent_id: rootId });
    expect(r1.body.message).toMatchObject({ parent_id: rootId, abilities: { can_reply: false } });
    // The starter follows the thread: b's reply is unread for a.
    const seen = await callAs(t.app, a.token, 'GET', '/api/chat/seen');
    expect(seen.body).toEqual({
      unread: 1,
      first: { id: r1.body.message.id, parent_id: rootId },
      threads: [rootId],
    });
    const quoted = await send(t.app, a.token, group.id, {
      body: 'Great',
      parent_id: rootId,
      quote_id: r1.body.message.id,
    });
    expect(quoted.body.message.quote).toMatchObject({ id: r1.body.message.id, body: 'Me', deleted: false });
    const top = await callAs(t.app, a.token, 'GET', messagesUrl(group.id));
    expect(idsOf(top)).toEqual([rootId]);
    expect(top.body.messages[0]).toMatchObject({ reply_count: 2 });
    expect(top.body.messages[0].last_reply_at).not.toBeNull();
    const thread = await callAs(t.app, a.token, 'GET', messagesUrl(group.id, `?parent_id=${rootId}`));
    expect(idsOf(thread)).toEqual([quoted.body.message.id, r1.body.message.id]);
    // Writing in the thread reads it.
    expect((await callAs(t.app, a.token, 'GET', '/api/chat/seen')).body.unread).toBe(0);
  });
});

describe('GET, PATCH and DELETE /api/chat/messages/{id}', () => {
  it('answers a message to members of its conversation only (for /chat?scroll=)', async () => {
    const { a, b, group } = await pair();
    const outsider = await member();
    const sent = await send(t.app, a.token, group.id, { body: 'Find me' });
    const url = `/api/chat/messages/${sent.body.message.id}`;
    expect((await callAs(t.app, b.token, 'GET', url)).body.message).toMatchObject({
      conversation_id: group.id,
      abilities: { can_edit: false, can_delete: false, can_report: true },
    });
    expect(await callAs(t.app, outsider.token, 'GET', url)).toEqual({
      status: 404,
      body: { message: 'Message not found' },
    });
  });

  it('lets only the author edit: screened again, mentions and preview follow the text', async () => {
    const { a, b, group } = await pair();
    const sent = await send(t.app, a.token, group.id, { body: 'Draft', mentions: [b.user.id] });
    const url = `/api/chat/messages/${sent.body.message.id}`;
    expect(await callAs(t.app, b.token, 'PATCH', url, { body: 'Hacked' })).toEqual({
      status: 403,
      body: { message: 'Only the author can edit this message' },
    });
    expect((await callAs(t.app, a.token, 'PATCH', url, { body: 'x'.repeat(4001) })).status).toBe(400);
    expect((await callAs(t.app, a.token, 'PATCH', url, { body: '' })).body.message).toContain(
      'body cannot be empty',
    );
    const edited = await callAs(t.app, a.token, 'PATCH', url, { body: `Final ${siteUrl}/x`, mentions: [] });
    expect(edited.body.message).toMatchObject({
      body: `Final ${siteUrl}/x`,
      mentions: [],
      link: { title: 'Launch notes' },
    });
    expect(edited.body.message.edited_at).not.toBeNull();
    const kept = await callAs(t.app, a.token, 'PATCH', url, { body: 'Final again' });
    expect(kept.body.message.link).toBeNull();
  });

  it('lets only the author delete, leaving "message deleted" with its replies', async () => {
    const { a, b, group } = await pair();
    const sent = await send(t.app, a.token, group.id, { body: 'Oops' });
    const id = sent.body.message.id;
    await send(t.app, b.token, group.id, { body: 'Reply', parent_id: id });
    await callAs(t.app, b.token, 'PUT', `/api/chat/messages/${id}/reactions`, { emoji: '👍' });
    expect((await callAs(t.app, b.token, 'DELETE', `/api/chat/messages/${id}`)).status).toBe(403);
    const deleted = await callAs(t.app, a.token, 'DELETE', `/api/chat/messages/${id}`);
    expect(deleted.body.message).toMatchObject({
      id,
      body: '',
      deleted: true,
      reactions: [],
      reply_count: 1,
      abilities: { can_edit: false, can_delete: false, can_react: false, can_reply: false },
    });
    expect((await callAs(t.app, a.token, 'PATCH', `/api/chat/messages/${id}`, { body: 'Back' })).status).toBe(
      403,
    );
    const [row] = await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, id));
    expect(row).toMatchObject({ body: '', deletedBy: a.user.id });
    const thread = await callAs(t.app, a.token, 'GET', messagesUrl(group.id, `?parent_id=${id}`));
    expect(thread.body.messages).toHaveLength(1);
  });
});

describe('reactions and reports', () => {
  it('adds each emoji of the set once per member, with counts and the viewer’s own', async () => {
    const { a, b, group } = await pair();
    const sent = await send(t.app, a.token, group.id, { body: 'Launch!' });
    const url = `/api/chat/messages/${sent.body.message.id}/reactions`;
    await callAs(t.app, a.token, 'PUT', url, { emoji: '🎉' });
    await callAs(t.app, b.token, 'PUT', url, { emoji: '🎉' });
    const twice = await callAs(t.app, b.token, 'PUT', url, { emoji: '🎉' });
    expect(twice.body.message.reactions).toEqual([{ emoji: '🎉', count: 2, mine: true }]);
    const other = await callAs(t.app, b.token, 'PUT', url, { emoji: '❤️' });
    expect(other.body.message.reactions).toEqual([
      { emoji: '🎉', count: 2, mine: true },
      { emoji: '❤️', count: 1, mine: true },
    ]);
    const back = await callAs(t.app, b.token, 'DELETE', `${url}?emoji=${encodeURIComponent('🎉')}`);
    expect(back.body.message.reactions).toEqual([
      { emoji: '🎉', count: 1, mine: false },
      { emoji: '❤️', count: 1, mine: true },
    ]);
    const bad = await callAs(t.app, b.token, 'PUT', url, { emoji: '🦄' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('emoji must be one of');
    expect((await callAs(t.app, b.token, 'DELETE', url)).status).toBe(400);
    const rows = await t.ctx.db
      .select()
      .from(chatReactions)
      .where(eq(chatReactions.messageId, sent.body.message.id));
    expect(rows).toHaveLength(2);
  });

  it('puts a reported message in the Brand Safety queue once; nobody reports their own', async () => {
    const { a, b, group } = await pair();
    const sent = await send(t.app, a.token, group.id, { body: 'Rude words here' });
    const url = `/api/chat/messages/${sent.body.message.id}/report`;
    expect(await callAs(t.app, a.token, 'POST', url, {})).toEqual({
      status: 403,
      body: { message: 'You can report only published messages of others' },
    });
    expect((await callAs(t.app, b.token, 'POST', url, { reason: 'x'.repeat(501) })).status).toBe(400);
    expect(await callAs(t.app, b.token, 'POST', url, { reason: 'Rude' })).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect((await callAs(t.app, b.token, 'POST', url, {})).status).toBe(200);
    const items = await t.ctx.db
      .select()
      .from(moderationItems)
      .where(and(eq(moderationItems.targetKind, 'chat'), eq(moderationItems.targetId, sent.body.message.id)));
    expect(items).toEqual([
      expect.objectContaining({
        authorId: a.user.id,
        text: 'Rude words here',
        matches: ['reported by a member: Rude'],
      }),
    ]);
    const queue = await callAs(t.app, await t.login('admin@demo.test'), 'GET', '/api/admin/safety/queue');
    expect(queue.body.items.some((i: { target_id: string }) => i.target_id === sent.body.message.id)).toBe(
      true,
    );
  });
});
