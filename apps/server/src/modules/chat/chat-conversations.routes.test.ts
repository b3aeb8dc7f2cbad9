import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConversations, chatMembers, teamMembers } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createTeam, createUser, setClientConfig } from '../../test/factories.ts';
import { createBoardClient, createBoardMember } from '../../test/factories-leaderboard.ts';
import { callAs, createConversation, createMessage, markRead, send, teamChannel } from './chat.fixture.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const member = async (input: Partial<Parameters<typeof createUser>[1]> = {}) => {
  const user = await createUser(t.ctx.db, { clientId: ids.demo, ...input });
  return { user, token: await t.login(user.email!) };
};
const start = (token: string, body: unknown) => callAs(t.app, token, 'POST', '/api/chat/conversations', body);
const list = (token: string, query = '') => callAs(t.app, token, 'GET', `/api/chat/conversations${query}`);
const conversationCount = async () => (await t.ctx.db.select().from(chatConversations)).length;

describe('chat access', () => {
  it('answers 401 without a valid session of this client on every conversation route', async () => {
    const id = '00000000-0000-7000-8000-000000000000';
    for (const call of [
      { url: '/api/chat/conversations' },
      { method: 'POST' as const, url: '/api/chat/conversations', payload: { kind: 'brand' } },
      { url: `/api/chat/conversations/${id}` },
      { method: 'PATCH' as const, url: `/api/chat/conversations/${id}`, payload: { muted: true } },
      { method: 'POST' as const, url: `/api/chat/conversations/${id}/read`, payload: { message_id: id } },
      { method: 'POST' as const, url: `/api/chat/conversations/${id}/typing`, payload: {} },
      { url: '/api/chat/search?q=hello' },
    ]) {
      await expectSessionRequired(t, call);
    }
  });

  it('answers 403 feature_off without feature chat, and 403 to guests, before reading any input', async () => {
    const board = await createBoardClient(t.ctx.db);
    const { token: noChat } = await createBoardMember(t, board);
    const off = await callAs(
      t.app,
      noChat,
      'POST',
      '/api/chat/conversations',
      { kind: 'nonsense' },
      board.host,
    );
    expect(off).toEqual({
      status: 403,
      body: { message: 'Chat is not enabled for this app', code: 'feature_off' },
    });
    const ghost = await member({ isGhost: true });
    expect((await list(ghost.token)).status).toBe(403);
    // A guest's write is refused before chat's own rules, with the code the web app answers with the sign-up dialog.
    expect((await start(ghost.token, { kind: 'brand' })).body).toEqual({
      message: 'Create an account to take part: guests can only look around.',
      code: 'guest_account_required',
    });
  });
});

describe('POST /api/chat/conversations', () => {
  it('starts a direct conversation once per pair: 201, then 200 with the same one for either member', async () => {
    const [a, b] = [await member({ firstName: 'Ada' }), await member({ firstName: 'Bo' })];
    const first = await start(a.token, { kind: 'direct', user_id: b.user.id });
    expect(first.status).toBe(201);
    expect(first.body.conversation).toMatchObject({
      kind: 'direct',
      title: null,
      member_count: 2,
      unread: 0,
      muted: false,
      last_message: null,
      abilities: { can_post: true, can_rename: false },
    });
    expect(first.body.conversation.members.map((p: { id: string }) => p.id).sort()).toEqual(
      [a.user.id, b.user.id].sort(),
    );
    const again = await start(b.token, { kind: 'direct', user_id: a.user.id });
    expect(again.status).toBe(200);
    expect(again.body.conversation.id).toBe(first.body.conversation.id);
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const a = await member();
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    const ghost = await createUser(t.ctx.db, { clientId: ids.demo, isGhost: true });
    const before = await conversationCount();
    const cases: [unknown, string][] = [
      [{}, 'kind must be direct, group or brand'],
      [{ kind: 'team' }, 'kind must be direct, group or brand'],
      [{ kind: 'direct' }, 'user_id'],
      [{ kind: 'direct', user_id: 'nope' }, 'user_id must be a member id'],
      [{ kind: 'direct', user_id: a.user.id }, 'user_id must name another member of this app'],
      [{ kind: 'direct', user_id: acmeUser.id }, 'user_id must name members of this app'],
      [{ kind: 'direct', user_id: ghost.id }, 'user_id must name members of this app'],
      [{ kind: 'group', user_ids: [] }, 'user_ids must name at least one other member'],
      [{ kind: 'group', user_ids: [acmeUser.id], title: 'x' }, 'user_ids must name members of this app'],
      [{ kind: 'group', user_ids: [ghost.id], title: 'x'.repeat(81) }, 'title must be 80 characters or less'],
    ];
    for (const [body, message] of cases) {
      const res = await start(a.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await conversationCount()).toBe(before);
  });

  it('starts a group of at most 12 people with an optional title', async () => {
    const a = await member();
    const others = await Promise.all(
      Array.from({ length: 12 }, () => createUser(t.ctx.db, { clientId: ids.demo })),
    );
    const tooMany = await start(a.token, { kind: 'group', user_ids: others.map((o) => o.id) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('user_ids can hold at most 11 members (a group has at most 12)');
    const group = await start(a.token, {
      kind: 'group',
      // Named twice or with the starter: each counts once.
      user_ids: [...others.slice(0, 9).map((o) => o.id), a.user.id, others[0]!.id],
      title: ' Launch crew ',
    });
    expect(group.status).toBe(201);
    expect(group.body.conversation).toMatchObject({
      kind: 'group',
      title: 'Launch crew',
      member_count: 10,
      abilities: { can_rename: true },
    });
  });

  it("follows the client's dm_policy: teammates only, or only the brand team; the brand team may message anyone", async () => {
    const [a, teammate, stranger] = [await member(), await member(), await member()];
    await createTeam(t.ctx.db, { clientId: ids.demo }, [a.user.id, teammate.user.id]);
    const admin = await member({ role: 'ADMIN' });
    try {
      await setClientConfig(t.app, t.ctx.db, ids.demo, { chat_dm_policy: 'teammates' });
      expect(await start(a.token, { kind: 'direct', user_id: stranger.user.id })).toEqual({
        status: 403,
        body: { message: 'You can only message members of your Teams', code: 'dm_policy' },
      });
      expect((await start(a.token, { kind: 'direct', user_id: teammate.user.id })).status).toBe(201);
      expect((await start(a.token, { kind: 'direct', user_id: admin.user.id })).status).toBe(201);
      const mixed = await start(a.token, { kind: 'group', user_ids: [teammate.user.id, stranger.user.id] });
      expect(mixed.status).toBe(403);

      await setClientConfig(t.app, t.ctx.db, ids.demo, { chat_dm_policy: 'brand_team' });
      const refused = await start(stranger.token, { kind: 'direct', user_id: teammate.user.id });
      expect(refused.body).toEqual({ message: 'You can only message the brand team', code: 'dm_policy' });
      expect((await start(admin.token, { kind: 'direct', user_id: stranger.user.id })).status).toBe(201);
    } finally {
      await setClientConfig(t.app, t.ctx.db, ids.demo, { chat_dm_policy: 'anyone' });
    }
  });

  it("gets or starts the member's own brand-team line; the brand team cannot start one", async () => {
    const a = await member();
    const first = await start(a.token, { kind: 'brand' });
    expect(first.status).toBe(201);
    expect(first.body.conversation).toMatchObject({ kind: 'brand', member_count: 1, title: null });
    const again = await start(a.token, { kind: 'brand' });
    expect(again).toMatchObject({ status: 200, body: { conversation: { id: first.body.conversation.id } } });
    const lead = await member({ role: 'ANALYST' });
    expect((await start(lead.token, { kind: 'brand' })).status).toBe(403);
  });
});

describe('GET /api/chat/conversations', () => {
  it('lists the member’s conversations, most recently active first, with last message and unread count', async () => {
    const [a, b] = [await member(), await member()];
    const c = ids.demo;
    const older = await createConversation(t.ctx.db, { clientId: c, memberIds: [a.user.id, b.user.id] });
    const newer = await createConversation(t.ctx.db, { clientId: c, memberIds: [a.user.id, b.user.id] });
    await createConversation(t.ctx.db, { clientId: c, memberIds: [b.user.id] });
    await createMessage(t.ctx.db, { clientId: c, conversationId: newer.id, authorId: b.user.id });
    const last = await createMessage(t.ctx.db, {
      clientId: c,
      conversationId: older.id,
      authorId: b.user.id,
    });
    await createMessage(t.ctx.db, {
      clientId: c,
      conversationId: older.id,
      authorId: b.user.id,
      parentId: last.id,
    });

    const res = await list(a.token);
    expect(res.status).toBe(200);
    expect(res.body.conversations.map((x: { id: string }) => x.id)).toEqual([older.id, newer.id]);
    expect(res.body.conversations[0]).toMatchObject({
      unread: 1,
      last_message: { id: last.id, reply_count: 1 },
    });
    expect(res.body.next_cursor).toBeNull();
  });

  it('pages by cursor both ways (SPEC 7) without gaps or repeats', async () => {
    const a = await member();
    const c = ids.demo;
    const made = [];
    for (let i = 0; i < 5; i++) {
      const conv = await createConversation(t.ctx.db, { clientId: c, memberIds: [a.user.id] });
      await createMessage(t.ctx.db, { clientId: c, conversationId: conv.id, authorId: a.user.id });
      made.push(conv.id);
    }
    const newestFirst = [...made].reverse();
    const p1 = await list(a.token, '?limit=2');
    expect(p1.body.conversations.map((x: { id: string }) => x.id)).toEqual(newestFirst.slice(0, 2));
    const p2 = await list(a.token, `?limit=2&cursor=${p1.body.next_cursor}`);
    expect(p2.body.conversations.map((x: { id: string }) => x.id)).toEqual(newestFirst.slice(2, 4));
    const p3 = await list(a.token, `?limit=2&cursor=${p2.body.next_cursor}`);
    expect(p3.body.conversations.map((x: { id: string }) => x.id)).toEqual(newestFirst.slice(4));
    expect(p3.body.next_cursor).toBeNull();
    const back = await list(a.token, `?limit=-3&cursor=${newestFirst[4]}`);
    expect(back.body.conversations.map((x: { id: string }) => x.id)).toEqual(newestFirst.slice(1, 4));
    expect(back.body.next_cursor).toBe(newestFirst[1]);
    expect((await list(a.token, '?limit=0')).status).toBe(400);
    expect((await list(a.token, '?cursor=nope')).status).toBe(400);
  });

  it("gives every team's members its channel, following the team's members both ways", async () => {
    const [a, b] = [await member(), await member()];
    const team = await createTeam(t.ctx.db, { clientId: ids.demo, name: 'Field crew' }, [a.user.id]);
    const channel = await teamChannel(t.ctx.db, team.id);
    const listed = await list(a.token);
    expect(listed.body.conversations[0]).toMatchObject({
      id: channel.id,
      kind: 'team',
      title: 'Field crew',
      team_id: team.id,
      members: [],
      member_count: 1,
    });
    await createMessage(t.ctx.db, { clientId: ids.demo, conversationId: channel.id, authorId: a.user.id });
    // A newcomer joins with the history read; a leaver is out.
    await t.ctx.db.insert(teamMembers).values({ clientId: ids.demo, teamId: team.id, userId: b.user.id });
    const joined = await callAs(t.app, b.token, 'GET', `/api/chat/conversations/${channel.id}`);
    expect(joined.body.conversation).toMatchObject({ unread: 0, member_count: 2 });
    await t.ctx.db.delete(teamMembers).where(eq(teamMembers.userId, a.user.id));
    expect((await callAs(t.app, a.token, 'GET', `/api/chat/conversations/${channel.id}`)).status).toBe(404);
  });
});

describe('GET and PATCH /api/chat/conversations/{id}', () => {
  it('answers 404 for a conversation the member is not in, another client’s, or an unknown one', async () => {
    const [a, b] = [await member(), await member()];
    const theirs = await createConversation(t.ctx.db, { clientId: ids.demo, memberIds: [b.user.id] });
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    const foreign = await createConversation(t.ctx.db, { clientId: ids.acme, memberIds: [acmeUser.id] });
    for (const id of [theirs.id, foreign.id, '00000000-0000-7000-8000-000000000000']) {
      expect(await callAs(t.app, a.token, 'GET', `/api/chat/conversations/${id}`)).toEqual({
        status: 404,
        body: { message: 'Conversation not found' },
      });
      const patch = await callAs(t.app, a.token, 'PATCH', `/api/chat/conversations/${id}`, { muted: true });
      expect(patch.status).toBe(404);
    }
    expect((await callAs(t.app, a.token, 'GET', '/api/chat/conversations/nope')).status).toBe(400);
  });

  it('mutes for the member alone, renames a group (not a direct one), and keeps what is left out', async () => {
    const [a, b] = [await member(), await member()];
    const group = await createConversation(t.ctx.db, {
      clientId: ids.demo,
      memberIds: [a.user.id, b.user.id],
    });
    const url = `/api/chat/conversations/${group.id}`;
    const muted = await callAs(t.app, a.token, 'PATCH', url, { muted: true });
    expect(muted.body.conversation).toMatchObject({ muted: true, title: group.title });
    expect((await callAs(t.app, b.token, 'GET', url)).body.conversation.muted).toBe(false);
    const renamed = await callAs(t.app, b.token, 'PATCH', url, { title: 'Crew' });
    expect(renamed.body.conversation).toMatchObject({ title: 'Crew', muted: false });
    expect((await callAs(t.app, a.token, 'GET', url)).body.conversation).toMatchObject({
      title: 'Crew',
      muted: true,
    });
    expect((await callAs(t.app, a.token, 'PATCH', url, {})).status).toBe(400);
    expect((await callAs(t.app, a.token, 'PATCH', url, { muted: 'yes' })).status).toBe(400);

    const dm = await createConversation(t.ctx.db, {
      clientId: ids.demo,
      kind: 'direct',
      memberIds: [a.user.id, b.user.id],
    });
    expect(await callAs(t.app, a.token, 'PATCH', `/api/chat/conversations/${dm.id}`, { title: 'x' })).toEqual(
      {
        status: 403,
        body: { message: 'Only a group conversation can be renamed' },
      },
    );
    const [row] = await t.ctx.db.select().from(chatConversations).where(eq(chatConversations.id, dm.id));
    expect(row!.title).toBeNull();
  });
});

describe('POST /api/chat/conversations/{id}/read and typing', () => {
  it('moves the read pointer forward only, and refuses a message of another conversation', async () => {
    const [a, b] = [await member(), await member()];
    const c = ids.demo;
    const group = await createConversation(t.ctx.db, { clientId: c, memberIds: [a.user.id, b.user.id] });
    const m1 = await createMessage(t.ctx.db, { clientId: c, conversationId: group.id, authorId: b.user.id });
    const m2 = await createMessage(t.ctx.db, { clientId: c, conversationId: group.id, authorId: b.user.id });
    const url = `/api/chat/conversations/${group.id}/read`;
    const read = await callAs(t.app, a.token, 'POST', url, { message_id: m2.id });
    expect(read.body.conversation).toMatchObject({ unread: 0, last_read_message_id: m2.id });
    const back = await callAs(t.app, a.token, 'POST', url, { message_id: m1.id });
    expect(back.body.conversation.last_read_message_id).toBe(m2.id);

    const other = await createConversation(t.ctx.db, { clientId: c, memberIds: [b.user.id] });
    const elsewhere = await createMessage(t.ctx.db, {
      clientId: c,
      conversationId: other.id,
      authorId: b.user.id,
    });
    expect(await callAs(t.app, a.token, 'POST', url, { message_id: elsewhere.id })).toEqual({
      status: 404,
      body: { message: 'Message not found in this conversation' },
    });
    expect((await callAs(t.app, a.token, 'POST', url, {})).status).toBe(400);
    const [row] = await t.ctx.db.select().from(chatMembers).where(eq(chatMembers.userId, a.user.id));
    expect(row!.lastReadMessageId).toBe(m2.id);
  });

  it('moves a thread’s pointer for a reply, and the member then follows the thread', async () => {
    const [a, b] = [await member(), await member()];
    const c = ids.demo;
    const group = await createConversation(t.ctx.db, { clientId: c, memberIds: [a.user.id, b.user.id] });
    const root = await createMessage(t.ctx.db, {
      clientId: c,
      conversationId: group.id,
      authorId: b.user.id,
    });
    await markRead(t.ctx.db, group.id, a.user.id, root.id);
    const r1 = await createMessage(t.ctx.db, {
      clientId: c,
      conversationId: group.id,
      authorId: b.user.id,
      parentId: root.id,
    });
    await callAs(t.app, a.token, 'POST', `/api/chat/conversations/${group.id}/read`, { message_id: r1.id });
    const r2 = await createMessage(t.ctx.db, {
      clientId: c,
      conversationId: group.id,
      authorId: b.user.id,
      parentId: root.id,
    });
    const seen = await callAs(t.app, a.token, 'GET', '/api/chat/seen');
    expect(seen.body).toEqual({ unread: 1, first: { id: r2.id, parent_id: root.id }, threads: [root.id] });
  });

  it('answers ok to typing, and 400 to a bad thread id', async () => {
    const [a, b] = [await member(), await member()];
    const group = await createConversation(t.ctx.db, {
      clientId: ids.demo,
      memberIds: [a.user.id, b.user.id],
    });
    const typing = await callAs(t.app, a.token, 'POST', `/api/chat/conversations/${group.id}/typing`, {});
    expect(typing).toEqual({ status: 200, body: { ok: true } });
    const bad = await callAs(t.app, a.token, 'POST', `/api/chat/conversations/${group.id}/typing`, {
      parent_id: 'x',
    });
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/chat/search', () => {
  it("finds words (as prefixes) in the member's conversations only, newest first, never deleted ones", async () => {
    const [a, b] = [await member(), await member()];
    const group = await createConversation(t.ctx.db, {
      clientId: ids.demo,
      memberIds: [a.user.id, b.user.id],
    });
    const elsewhere = await createConversation(t.ctx.db, { clientId: ids.demo, memberIds: [b.user.id] });
    const older = await send(t.app, b.token, group.id, { body: 'The zephyrine launch is Friday' });
    const newer = await send(t.app, a.token, group.id, { body: 'Zephyrine photos are in' });
    await send(t.app, b.token, elsewhere.id, { body: 'zephyrine secret' });
    const gone = await send(t.app, a.token, group.id, { body: 'zephyrine typo' });
    await callAs(t.app, a.token, 'DELETE', `/api/chat/messages/${gone.body.message.id}`);

    const res = await callAs(t.app, a.token, 'GET', '/api/chat/search?q=ZEPHYR');
    expect(res.status).toBe(200);
    expect(res.body.messages.map((m: { id: string }) => m.id)).toEqual([
      newer.body.message.id,
      older.body.message.id,
    ]);
    const both = await callAs(t.app, a.token, 'GET', '/api/chat/search?q=zephyrine%20friday&limit=1');
    expect(both.body.messages.map((m: { id: string }) => m.id)).toEqual([older.body.message.id]);
    expect((await callAs(t.app, a.token, 'GET', '/api/chat/search?q=%20')).status).toBe(400);
    expect((await callAs(t.app, a.token, 'GET', `/api/chat/search?q=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await callAs(t.app, a.token, 'GET', '/api/chat/search?q=%26%7C%21')).body.messages).toEqual([]);
  });
});
