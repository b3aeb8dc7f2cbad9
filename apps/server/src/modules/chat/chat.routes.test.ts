import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMembers } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import {
  clientIds,
  createChatMessage,
  createChatThread,
  createUser,
  headersFor,
  markChatRead,
} from '../../test/factories.ts';

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

describe('GET /api/chat/seen', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/chat/seen' });
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const member = await t.login('member@demo.test');
    await expectBlockedWhilePaused(t, { url: '/api/chat/seen' }, { member, admin: adminToken });
  });

  it('answers nothing unread for a member without threads', async () => {
    const [me] = await people(1);
    expect(await seen(await t.login(me!.email!))).toEqual({ unread: 0, first: null, threads: [] });
  });

  it("counts others' messages after the last read one, never the member's own", async () => {
    const [me, friend, stranger] = await people(3);
    const client = ids.demo;
    const dm = await createChatThread(t.ctx.db, { clientId: client, memberIds: [me!.id, friend!.id] });
    const read = await createChatMessage(t.ctx.db, { clientId: client, threadId: dm.id, userId: friend!.id });
    await markChatRead(t.ctx.db, dm.id, me!.id, read.id);
    await createChatMessage(t.ctx.db, { clientId: client, threadId: dm.id, userId: me!.id });
    await createChatMessage(t.ctx.db, { clientId: client, threadId: dm.id, userId: friend!.id });
    await createChatMessage(t.ctx.db, { clientId: client, threadId: dm.id, userId: friend!.id });

    // A thread with only the member's own messages has nothing unread.
    const quiet = await createChatThread(t.ctx.db, { clientId: client, memberIds: [me!.id, friend!.id] });
    await createChatMessage(t.ctx.db, { clientId: client, threadId: quiet.id, userId: me!.id });
    // A thread the member is not in does not count.
    const elsewhere = await createChatThread(t.ctx.db, {
      clientId: client,
      memberIds: [friend!.id, stranger!.id],
    });
    await createChatMessage(t.ctx.db, { clientId: client, threadId: elsewhere.id, userId: stranger!.id });

    const token = await t.login(me!.email!);
    expect(await seen(token)).toEqual({ unread: 2, first: { id: dm.id, parent_id: null }, threads: [dm.id] });

    // Reading up to the last message clears the thread.
    const last = await createChatMessage(t.ctx.db, { clientId: client, threadId: dm.id, userId: friend!.id });
    expect((await seen(token)).unread).toBe(3);
    await markChatRead(t.ctx.db, dm.id, me!.id, last.id);
    expect(await seen(token)).toEqual({ unread: 0, first: null, threads: [] });
  });

  it('lists threads with unread messages, the one with the oldest unread message first, with its parent', async () => {
    const [me, friend] = await people(2);
    const client = ids.demo;
    const parent = await createChatThread(t.ctx.db, { clientId: client, memberIds: [me!.id, friend!.id] });
    const reply = await createChatThread(t.ctx.db, {
      clientId: client,
      parentId: parent.id,
      memberIds: [me!.id, friend!.id],
    });
    const later = await createChatThread(t.ctx.db, { clientId: client, memberIds: [me!.id, friend!.id] });
    await createChatMessage(t.ctx.db, { clientId: client, threadId: reply.id, userId: friend!.id });
    await createChatMessage(t.ctx.db, { clientId: client, threadId: later.id, userId: friend!.id });
    await createChatMessage(t.ctx.db, { clientId: client, threadId: reply.id, userId: friend!.id });
    // A message without an author (a system message) counts as unread too.
    await createChatMessage(t.ctx.db, { clientId: client, threadId: later.id, userId: null });

    const result = await seen(await t.login(me!.email!));
    expect(result).toEqual({
      unread: 4,
      first: { id: reply.id, parent_id: parent.id },
      threads: [reply.id, later.id],
    });
  });

  it("never counts another client's threads", async () => {
    const [me] = await people(1);
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    // A stray membership of a Demo member in an Acme thread must not show on the Demo host.
    const foreign = await createChatThread(t.ctx.db, { clientId: ids.acme, memberIds: [acmeUser.id] });
    await t.ctx.db.insert(chatMembers).values({ clientId: ids.acme, threadId: foreign.id, userId: me!.id });
    await createChatMessage(t.ctx.db, { clientId: ids.acme, threadId: foreign.id, userId: acmeUser.id });
    expect(await seen(await t.login(me!.email!))).toEqual({ unread: 0, first: null, threads: [] });
  });
});
