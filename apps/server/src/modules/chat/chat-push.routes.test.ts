import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, notifications } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser } from '../../test/factories.ts';
import { createDevice, drainJobs, setPushOff } from '../../test/factories-notifications.ts';
import { callAs, createConversation, send } from './chat.fixture.ts';

// Pushes for new messages go through the notification senders (kind chat_message): once per burst until read, always
// for a mention, never in a muted conversation, never when the member turned chat pushes off; reading clears them.
let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await buildTestApp({ JOB_RUNNER: '0' });
  demo = (await clientIds(t.ctx.db)).demo;
});
afterAll(() => t.close());

const member = async (name: string) => {
  const user = await createUser(t.ctx.db, { clientId: demo, firstName: name, lastName: 'Test' });
  await createDevice(t.ctx.db, { clientId: demo, userId: user.id });
  return { user, token: await t.login(user.email!) };
};
const chatNotices = async (userId: string) => {
  await drainJobs(t);
  const rows = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));
  return rows.filter((n) => n.kind === 'chat_message').sort((x, y) => x.id.localeCompare(y.id));
};
const pushJobsFor = async (notificationIds: string[]) =>
  (await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'push'))).filter((j) =>
    notificationIds.includes(String(j.payload.notificationId)),
  );

describe('push for new chat messages', () => {
  it('pushes the first unread message of a burst, then nothing until read; a mention always', async () => {
    const [a, b] = [await member('Ana'), await member('Bo')];
    const dm = await createConversation(t.ctx.db, {
      clientId: demo,
      kind: 'direct',
      memberIds: [a.user.id, b.user.id],
    });
    const first = await send(t.app, a.token, dm.id, { body: 'Hello there' });
    await send(t.app, a.token, dm.id, { body: 'Are you around?' });
    let notices = await chatNotices(b.user.id);
    expect(notices).toEqual([
      expect.objectContaining({
        title: 'Ana Test sent you a message',
        body: 'Hello there',
        link: `/chat?scroll=${first.body.message.id}`,
        actorId: a.user.id,
      }),
    ]);
    expect(await pushJobsFor(notices.map((n) => n.id))).toHaveLength(1);
    expect(await chatNotices(a.user.id)).toEqual([]);

    const mention = await send(t.app, a.token, dm.id, { body: '@Bo look', mentions: [b.user.id] });
    notices = await chatNotices(b.user.id);
    expect(notices.at(-1)).toMatchObject({
      title: 'Ana Test mentioned you in chat',
      link: `/chat?scroll=${mention.body.message.id}`,
    });

    // Reading clears the pushes up to the pointer (the badge of other devices follows on their next sync).
    await callAs(t.app, b.token, 'POST', `/api/chat/conversations/${dm.id}/read`, {
      message_id: mention.body.message.id,
    });
    expect((await chatNotices(b.user.id)).every((n) => n.readAt !== null)).toBe(true);
    const next = await send(t.app, a.token, dm.id, { body: 'New burst' });
    expect((await chatNotices(b.user.id)).at(-1)).toMatchObject({
      link: `/chat?scroll=${next.body.message.id}`,
      readAt: null,
    });
  });

  it('pushes nothing in a muted conversation, and only records the notice when chat pushes are off', async () => {
    const [a, b, c] = [await member('Ana'), await member('Bo'), await member('Cy')];
    const group = await createConversation(t.ctx.db, {
      clientId: demo,
      memberIds: [a.user.id, b.user.id, c.user.id],
      title: 'Crew',
    });
    await callAs(t.app, b.token, 'PATCH', `/api/chat/conversations/${group.id}`, { muted: true });
    await setPushOff(t.ctx.db, { clientId: demo, userId: c.user.id, kinds: ['chat_message'] });
    await send(t.app, a.token, group.id, { body: 'Team, hi', mentions: [b.user.id] });
    expect(await chatNotices(b.user.id)).toEqual([]);
    const forC = await chatNotices(c.user.id);
    expect(forC).toEqual([expect.objectContaining({ title: 'Ana Test in Crew' })]);
    expect(await pushJobsFor(forC.map((n) => n.id))).toEqual([]);
  });

  it('pushes a reply to the thread’s followers, and a member’s brand-team message to its assignee', async () => {
    const [a, b] = [await member('Ana'), await member('Bo')];
    const group = await createConversation(t.ctx.db, { clientId: demo, memberIds: [a.user.id, b.user.id] });
    const root = await send(t.app, a.token, group.id, { body: 'Thread?' });
    await callAs(t.app, b.token, 'POST', `/api/chat/conversations/${group.id}/read`, {
      message_id: root.body.message.id,
    });
    const reply = await send(t.app, b.token, group.id, { body: 'Yes', parent_id: root.body.message.id });
    expect((await chatNotices(a.user.id)).at(-1)).toMatchObject({
      title: 'Bo Test replied in a thread',
      link: `/chat?thread=${root.body.message.id}&scroll=${reply.body.message.id}`,
    });

    const admin = await createUser(t.ctx.db, {
      clientId: demo,
      role: 'ADMIN',
      firstName: 'Ada',
      lastName: 'Admin',
    });
    const adminToken = await t.login(admin.email!);
    const line = (await callAs(t.app, a.token, 'POST', '/api/chat/conversations', { kind: 'brand' })).body
      .conversation.id;
    await callAs(t.app, adminToken, 'PATCH', `/api/admin/chat/conversations/${line}`, {
      assignee_id: admin.id,
    });
    const asked = await send(t.app, a.token, line, { body: 'Help please' });
    expect(await chatNotices(admin.id)).toEqual([
      expect.objectContaining({
        title: 'Ana Test wrote to the brand team',
        link: `/admin/chat?scroll=${asked.body.message.id}`,
      }),
    ]);
    await callAs(t.app, adminToken, 'POST', `/api/admin/chat/conversations/${line}/messages`, {
      client_message_id: crypto.randomUUID(),
      body: 'On it',
    });
    expect((await chatNotices(a.user.id)).at(-1)).toMatchObject({
      title: 'Ada Admin of the brand team replied',
    });
  });
});

describe('push for mentions an edit adds', () => {
  it('tells only the members the edit newly mentions, once', async () => {
    const [a, b, c] = [await member('Ada'), await member('Ben'), await member('Cy')];
    const group = await createConversation(t.ctx.db, {
      clientId: demo,
      memberIds: [a.user.id, b.user.id, c.user.id],
    });
    const sent = await send(t.app, a.token, group.id, { body: '@Ben the plan', mentions: [b.user.id] });
    const id = sent.body.message.id;
    const bBefore = (await chatNotices(b.user.id)).length;
    const cBefore = (await chatNotices(c.user.id)).length;
    const edit = (body: string, mentions: string[]) =>
      callAs(t.app, a.token, 'PATCH', `/api/chat/messages/${id}`, { body, mentions });
    expect((await edit('@Ben @Cy the plan', [b.user.id, c.user.id])).status).toBe(200);
    const cNotices = await chatNotices(c.user.id);
    expect(cNotices.slice(cBefore)).toEqual([
      expect.objectContaining({ title: 'Ada Test mentioned you in chat', link: `/chat?scroll=${id}` }),
    ]);
    expect(await chatNotices(b.user.id)).toHaveLength(bBefore);
    // Editing again with the same mentions tells nobody again.
    expect((await edit('@Ben @Cy the new plan', [b.user.id, c.user.id])).status).toBe(200);
    expect(await chatNotices(c.user.id)).toHaveLength(cNotices.length);
    expect(await chatNotices(b.user.id)).toHaveLength(bBefore);
  });
});
