import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMembers } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createTeam, createUser, headersFor } from '../../test/factories.ts';
import { createBoardClient, createBoardMember } from '../../test/factories-leaderboard.ts';
import { createConversation, createMessage, followThread, markRead } from './chat.fixture.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  adminToken = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const seen = async (token: string) => {
  const res = await t.app.inject({ url: '/api/chat/seen', headers: headersFor(token) });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const people = async (n: number) =>
  Promise.all(Array.from({ length: n }, () => createUser(t.ctx.db, { clientId: ids.demo })));
const NOTHING = { unread: 0, first: null, threads: [] };

describe('GET /api/chat/seen', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/chat/seen' });
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const member = await t.login('member@demo.test');
    await expectBlockedWhilePaused(t, { url: '/api/chat/seen' }, { member, admin: adminToken });
  });

  it('answers 403 feature_off when the client has no chat, and nothing unread to guests and applicants', async () => {
    const [me] = await people(1);
    const token = await t.login(me!.email!);
    const board = await createBoardClient(t.ctx.db);
    const { token: noChat } = await createBoardMember(t, board);
    const off = await t.app.inject({ url: '/api/chat/seen', headers: headersFor(noChat, board.host) });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ code: 'feature_off' });
    const ghost = await createUser(t.ctx.db, { clientId: ids.demo, isGhost: true });
    expect(await seen(await t.login(ghost.email!))).toEqual(NOTHING);
    expect(await seen(await t.login('applicant@demo.test'))).toEqual(NOTHING);
    expect(await seen(token)).toEqual(NOTHING);
  });

  it("counts others' messages after the read pointer, never the member's own, held or deleted ones", async () => {
    const [me, friend, stranger] = await people(3);
    const c = ids.demo;
    const dm = await createConversation(t.ctx.db, {
      clientId: c,
      kind: 'direct',
      memberIds: [me!.id, friend!.id],
    });
    const read = await createMessage(t.ctx.db, { clientId: c, conversationId: dm.id, authorId: friend!.id });
    await markRead(t.ctx.db, dm.id, me!.id, read.id);
    await createMessage(t.ctx.db, { clientId: c, conversationId: dm.id, authorId: me!.id });
    const first = await createMessage(t.ctx.db, { clientId: c, conversationId: dm.id, authorId: friend!.id });
    await createMessage(t.ctx.db, { clientId: c, conversationId: dm.id, authorId: friend!.id });
    await createMessage(t.ctx.db, {
      clientId: c,
      conversationId: dm.id,
      authorId: friend!.id,
      status: 'held',
    });
    // A conversation with only the member's own messages has nothing unread; one they are not in does not count.
    const quiet = await createConversation(t.ctx.db, { clientId: c, memberIds: [me!.id, friend!.id] });
    await createMessage(t.ctx.db, { clientId: c, conversationId: quiet.id, authorId: me!.id });
    const elsewhere = await createConversation(t.ctx.db, {
      clientId: c,
      memberIds: [friend!.id, stranger!.id],
    });
    await createMessage(t.ctx.db, { clientId: c, conversationId: elsewhere.id, authorId: stranger!.id });

    const token = await t.login(me!.email!);
    expect(await seen(token)).toEqual({ unread: 2, first: { id: first.id, parent_id: null }, threads: [] });

    const last = await createMessage(t.ctx.db, { clientId: c, conversationId: dm.id, authorId: friend!.id });
    expect((await seen(token)).unread).toBe(3);
    await markRead(t.ctx.db, dm.id, me!.id, last.id);
    expect(await seen(token)).toEqual(NOTHING);
  });

  it('counts replies in the threads the member follows, and lists those threads, the oldest unread first', async () => {
    const [me, friend] = await people(2);
    const c = ids.demo;
    const group = await createConversation(t.ctx.db, { clientId: c, memberIds: [me!.id, friend!.id] });
    const early = await createMessage(t.ctx.db, { clientId: c, conversationId: group.id, authorId: me!.id });
    const late = await createMessage(t.ctx.db, { clientId: c, conversationId: group.id, authorId: me!.id });
    const ignored = await createMessage(t.ctx.db, {
      clientId: c,
      conversationId: group.id,
      authorId: friend!.id,
    });
    await markRead(t.ctx.db, group.id, me!.id, ignored.id);
    await followThread(t.ctx.db, { clientId: c, conversationId: group.id, rootId: early.id, userId: me!.id });
    await followThread(t.ctx.db, { clientId: c, conversationId: group.id, rootId: late.id, userId: me!.id });
    const reply = (rootId: string) =>
      createMessage(t.ctx.db, {
        clientId: c,
        conversationId: group.id,
        authorId: friend!.id,
        parentId: rootId,
      });
    const firstLate = await reply(late.id);
    await reply(early.id);
    await reply(late.id);
    // Replies in a thread the member does not follow do not count.
    await reply(ignored.id);

    const token = await t.login(me!.email!);
    expect(await seen(token)).toEqual({
      unread: 3,
      first: { id: firstLate.id, parent_id: late.id },
      threads: [late.id, early.id],
    });
  });

  it('leaves muted conversations and their threads out', async () => {
    const [me, friend] = await people(2);
    const c = ids.demo;
    const group = await createConversation(t.ctx.db, { clientId: c, memberIds: [me!.id, friend!.id] });
    const root = await createMessage(t.ctx.db, {
      clientId: c,
      conversationId: group.id,
      authorId: friend!.id,
    });
    await followThread(t.ctx.db, { clientId: c, conversationId: group.id, rootId: root.id, userId: me!.id });
    await createMessage(t.ctx.db, {
      clientId: c,
      conversationId: group.id,
      authorId: friend!.id,
      parentId: root.id,
    });
    const token = await t.login(me!.email!);
    expect((await seen(token)).unread).toBe(2);
    const mute = await t.app.inject({
      method: 'PATCH',
      url: `/api/chat/conversations/${group.id}`,
      headers: headersFor(token),
      payload: { muted: true },
    });
    expect(mute.statusCode).toBe(200);
    expect(await seen(token)).toEqual(NOTHING);
  });

  it("never counts another client's conversations", async () => {
    const [me] = await people(1);
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    // A stray membership of a Demo member in an Acme conversation must not show on the Demo host.
    const foreign = await createConversation(t.ctx.db, { clientId: ids.acme, memberIds: [acmeUser.id] });
    await t.ctx.db
      .insert(chatMembers)
      .values({ clientId: ids.acme, conversationId: foreign.id, userId: me!.id });
    await createMessage(t.ctx.db, { clientId: ids.acme, conversationId: foreign.id, authorId: acmeUser.id });
    expect(await seen(await t.login(me!.email!))).toEqual(NOTHING);
  });

  it("counts the brand team's waiting messages for admins and leads within their teams", async () => {
    const c = ids.demo;
    const [member, outsider] = await people(2);
    const team = await createTeam(t.ctx.db, { clientId: c }, [member!.id]);
    const lead = await createUser(t.ctx.db, { clientId: c, role: 'ANALYST', teamTags: [team.id] });
    const line = await createConversation(t.ctx.db, { clientId: c, kind: 'brand', memberIds: [member!.id] });
    const asked = await createMessage(t.ctx.db, {
      clientId: c,
      conversationId: line.id,
      authorId: member!.id,
    });
    const other = await createConversation(t.ctx.db, {
      clientId: c,
      kind: 'brand',
      memberIds: [outsider!.id],
    });
    await createMessage(t.ctx.db, { clientId: c, conversationId: other.id, authorId: outsider!.id });

    const leadSeen = await seen(await t.login(lead.email!));
    expect(leadSeen).toEqual({ unread: 1, first: { id: asked.id, parent_id: null }, threads: [] });
    const admin = await createUser(t.ctx.db, { clientId: c, role: 'ADMIN' });
    expect((await seen(await t.login(admin.email!))).unread).toBe(2);
    // The member's own line counts nothing for them: it is their own message.
    expect(await seen(await t.login(member!.email!))).toEqual(NOTHING);
  });
});
