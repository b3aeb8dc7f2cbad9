import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConversations, chatMembers } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createUser } from '../../test/factories.ts';
import { callAs, createConversation } from './chat.fixture.ts';

// A group's people: any member adds, a member leaves, the starter removes others (dm_policy applies to additions).
let t: TestApp;
let demo: string;
let acme: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ demo, acme } = await clientIds(t.ctx.db));
});
afterAll(() => t.close());

async function person(clientId = demo) {
  const user = await createUser(t.ctx.db, { clientId });
  return { user, token: await t.login(user.email!, clientId === acme ? ACME_HOST : undefined) };
}

/** A group of two people, started by `starter`, and someone outside it. */
async function group() {
  const [starter, other, outsider] = await Promise.all([person(), person(), person()]);
  const conversation = await createConversation(t.ctx.db, {
    clientId: demo,
    memberIds: [starter.user.id, other.user.id],
  });
  // The fixture writes straight through Drizzle: record who started it, as the API does.
  await t.ctx.db
    .update(chatConversations)
    .set({ createdBy: starter.user.id })
    .where(eq(chatConversations.id, conversation.id));
  return { starter, other, outsider, id: conversation.id };
}

const membersOf = async (id: string) =>
  (await t.ctx.db.select().from(chatMembers).where(eq(chatMembers.conversationId, id)))
    .map((m) => m.userId)
    .sort();

describe('group members', () => {
  it('answers 401 without a session', async () => {
    const id = uuidv7();
    await expectSessionRequired(t, {
      method: 'POST',
      url: `/api/chat/conversations/${id}/members`,
      payload: {},
    });
    await expectSessionRequired(t, { method: 'DELETE', url: `/api/chat/conversations/${id}/members/${id}` });
  });

  it('answers 400 naming the field for bad input, changing nothing', async () => {
    const g = await group();
    const before = await membersOf(g.id);
    for (const [payload, field] of [
      [{}, 'user_ids'],
      [{ user_ids: [] }, 'user_ids'],
      [{ user_ids: ['x'] }, 'user_ids'],
      [{ user_ids: [uuidv7()] }, 'user_ids'],
      [{ user_ids: Array.from({ length: 12 }, () => uuidv7()) }, 'user_ids'],
    ] as const) {
      const res = await callAs(
        t.app,
        g.starter.token,
        'POST',
        `/api/chat/conversations/${g.id}/members`,
        payload,
      );
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toContain(field);
    }
    const full = await Promise.all(
      Array.from({ length: 11 }, () => createUser(t.ctx.db, { clientId: demo })),
    );
    const tooMany = await callAs(t.app, g.starter.token, 'POST', `/api/chat/conversations/${g.id}/members`, {
      user_ids: full.map((u) => u.id),
    });
    expect(tooMany).toEqual({
      status: 400,
      body: { message: 'user_ids would make the group larger than 12 members' },
    });
    expect(await membersOf(g.id)).toEqual(before);
  });

  it('answers 403 for a non-starter removing someone and for a conversation that is not a group', async () => {
    const g = await group();
    const res = await callAs(
      t.app,
      g.other.token,
      'DELETE',
      `/api/chat/conversations/${g.id}/members/${g.starter.user.id}`,
    );
    expect(res).toEqual({
      status: 403,
      body: { message: 'Only the member who started this group can remove others' },
    });
    const direct = await createConversation(t.ctx.db, {
      clientId: demo,
      kind: 'direct',
      memberIds: [g.starter.user.id, g.outsider.user.id],
    });
    const add = await callAs(t.app, g.starter.token, 'POST', `/api/chat/conversations/${direct.id}/members`, {
      user_ids: [g.other.user.id],
    });
    expect(add).toEqual({ status: 403, body: { message: 'Only a group conversation takes new members' } });
    const leave = await callAs(
      t.app,
      g.starter.token,
      'DELETE',
      `/api/chat/conversations/${direct.id}/members/${g.starter.user.id}`,
    );
    expect(leave).toEqual({ status: 403, body: { message: 'Only a group conversation can be left' } });
    expect(await membersOf(g.id)).toEqual([g.starter.user.id, g.other.user.id].sort());
  });

  it("answers 404 for a group the viewer is not in and another client's ids, changing nothing", async () => {
    const g = await group();
    const outside = await callAs(t.app, g.outsider.token, 'POST', `/api/chat/conversations/${g.id}/members`, {
      user_ids: [g.outsider.user.id],
    });
    expect(outside.status).toBe(404);
    const acmePerson = await person(acme);
    const foreign = await callAs(
      t.app,
      acmePerson.token,
      'DELETE',
      `/api/chat/conversations/${g.id}/members/${g.other.user.id}`,
      undefined,
      ACME_HOST,
    );
    // Another client's conversation is none of Acme's people's business.
    expect(foreign.status).toBe(404);
    const addForeign = await callAs(
      t.app,
      g.starter.token,
      'POST',
      `/api/chat/conversations/${g.id}/members`,
      {
        user_ids: [acmePerson.user.id],
      },
    );
    expect(addForeign.status).toBe(400);
    const notIn = await callAs(
      t.app,
      g.starter.token,
      'DELETE',
      `/api/chat/conversations/${g.id}/members/${g.outsider.user.id}`,
    );
    expect(notIn.status).toBe(404);
    expect(await membersOf(g.id)).toEqual([g.starter.user.id, g.other.user.id].sort());
  });

  it('lets any member add people, a member leave, and the starter remove others', async () => {
    const g = await group();
    const newcomer = await person();
    const added = await callAs(t.app, g.other.token, 'POST', `/api/chat/conversations/${g.id}/members`, {
      user_ids: [newcomer.user.id, g.starter.user.id],
    });
    expect(added.status).toBe(200);
    expect(added.body.conversation).toMatchObject({
      member_count: 3,
      abilities: { can_add_members: true, can_remove_members: false, can_leave: true },
    });
    const seen = await callAs(t.app, newcomer.token, 'GET', `/api/chat/conversations/${g.id}`);
    expect(seen.status).toBe(200);
    const asStarter = await callAs(t.app, g.starter.token, 'GET', `/api/chat/conversations/${g.id}`);
    expect(asStarter.body.conversation.abilities.can_remove_members).toBe(true);

    const removed = await callAs(
      t.app,
      g.starter.token,
      'DELETE',
      `/api/chat/conversations/${g.id}/members/${newcomer.user.id}`,
    );
    expect(removed).toEqual({ status: 200, body: { ok: true } });
    expect((await callAs(t.app, newcomer.token, 'GET', `/api/chat/conversations/${g.id}`)).status).toBe(404);

    const left = await callAs(
      t.app,
      g.other.token,
      'DELETE',
      `/api/chat/conversations/${g.id}/members/${g.other.user.id}`,
    );
    expect(left.status).toBe(200);
    const rows = await t.ctx.db
      .select()
      .from(chatMembers)
      .where(and(eq(chatMembers.conversationId, g.id), eq(chatMembers.userId, g.other.user.id)));
    expect(rows).toEqual([]);
    expect(await membersOf(g.id)).toEqual([g.starter.user.id]);
  });
});
