import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, moderationItems } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser } from '../../test/factories.ts';
import { drainJobs, notificationsOfUser } from '../../test/factories-notifications.ts';
import { createSafetyRule, setFlagAction } from '../../test/factories-safety.ts';
import { callAs, createConversation, send } from './chat.fixture.ts';

// Brand safety on chat exactly as on posts: blocked text refused naming the phrase, flagged text published and queued
// or held as the client chose, and a moderator's decision applied to the message.
let t: TestApp;
let demo: string;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  demo = (await clientIds(t.ctx.db)).demo;
  adminToken = await t.login('admin@demo.test');
  await createSafetyRule(t.ctx.db, { clientId: demo, phrase: 'Forbidden Fruit', kind: 'block' });
  await createSafetyRule(t.ctx.db, { clientId: demo, phrase: 'giveaway', kind: 'flag' });
});
afterAll(() => t.close());

async function pair() {
  const [a, b] = await Promise.all([
    createUser(t.ctx.db, { clientId: demo }),
    createUser(t.ctx.db, { clientId: demo }),
  ]);
  const group = await createConversation(t.ctx.db, { clientId: demo, memberIds: [a.id, b.id] });
  return {
    a: { user: a, token: await t.login(a.email!) },
    b: { user: b, token: await t.login(b.email!) },
    group,
  };
}
const itemOf = async (targetId: string) =>
  (
    await t.ctx.db
      .select()
      .from(moderationItems)
      .where(and(eq(moderationItems.targetKind, 'chat'), eq(moderationItems.targetId, targetId)))
  )[0];
const decide = (itemId: string, decision: 'approve' | 'remove') =>
  callAs(t.app, adminToken, 'POST', `/api/admin/safety/queue/${itemId}/${decision}`);

describe('brand safety in chat', () => {
  it('refuses a blocked phrase naming it, as posts do, and stores nothing (new message or edit)', async () => {
    const { a, group } = await pair();
    const before = (await t.ctx.db.select().from(chatMessages)).length;
    const res = await send(t.app, a.token, group.id, { body: 'I love forbidden fruit.' });
    expect(res).toEqual({
      status: 400,
      body: { message: 'Message contains "Forbidden Fruit", which is not allowed', code: 'blocked_text' },
    });
    expect((await t.ctx.db.select().from(chatMessages)).length).toBe(before);
    const ok = await send(t.app, a.token, group.id, { body: 'Fine' });
    const edit = await callAs(t.app, a.token, 'PATCH', `/api/chat/messages/${ok.body.message.id}`, {
      body: 'forbidden fruit',
    });
    expect(edit.body.code).toBe('blocked_text');
    const [row] = await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, ok.body.message.id));
    expect(row!.body).toBe('Fine');
  });

  it('publishes flagged text and queues it when the client publishes; a moderator may remove it', async () => {
    await setFlagAction(t.ctx.db, demo, 'publish');
    const { a, b, group } = await pair();
    const res = await send(t.app, a.token, group.id, { body: 'Big giveaway today' });
    expect(res.status).toBe(201);
    expect(res.body.message.status).toBe('published');
    const item = await itemOf(res.body.message.id);
    expect(item).toMatchObject({
      matches: ['giveaway'],
      isHeld: false,
      status: 'pending',
      authorId: a.user.id,
    });
    expect((await callAs(t.app, b.token, 'GET', '/api/chat/seen')).body.unread).toBe(1);

    expect((await decide(item!.id, 'remove')).status).toBe(200);
    const gone = await callAs(t.app, b.token, 'GET', `/api/chat/messages/${res.body.message.id}`);
    expect(gone.body.message).toMatchObject({ deleted: true, body: '' });
  });

  it('holds flagged text when the client holds: seen by its author only, until a moderator approves it', async () => {
    await setFlagAction(t.ctx.db, demo, 'hold');
    const { a, b, group } = await pair();
    const res = await send(t.app, a.token, group.id, { body: 'Giveaway for @you', mentions: [b.user.id] });
    expect(res.status).toBe(201);
    const id = res.body.message.id;
    expect(res.body.message.status).toBe('held');
    expect(await itemOf(id)).toMatchObject({ isHeld: true });
    expect((await callAs(t.app, b.token, 'GET', `/api/chat/messages/${id}`)).status).toBe(404);
    const theirs = await callAs(t.app, b.token, 'GET', `/api/chat/conversations/${group.id}/messages`);
    expect(theirs.body.messages).toEqual([]);
    expect((await callAs(t.app, b.token, 'GET', '/api/chat/seen')).body.unread).toBe(0);
    const edit = await callAs(t.app, a.token, 'PATCH', `/api/chat/messages/${id}`, { body: 'Changed' });
    expect(edit).toEqual({
      status: 409,
      body: {
        message: 'This message is waiting for review and cannot be changed until a moderator has decided',
        code: 'held',
      },
    });
    await drainJobs(t);
    expect((await notificationsOfUser(t.ctx.db, b.user.id)).filter((n) => n.kind === 'chat_message')).toEqual(
      [],
    );

    expect((await decide((await itemOf(id))!.id, 'approve')).status).toBe(200);
    const now = await callAs(t.app, b.token, 'GET', `/api/chat/conversations/${group.id}`);
    expect(now.body.conversation).toMatchObject({ unread: 1, last_message: { id, status: 'published' } });
    await drainJobs(t);
    expect((await notificationsOfUser(t.ctx.db, b.user.id)).filter((n) => n.kind === 'chat_message')).toEqual(
      [
        expect.objectContaining({
          title: expect.stringContaining('mentioned you in chat'),
          link: `/chat?scroll=${id}`,
        }),
      ],
    );
  });
});
