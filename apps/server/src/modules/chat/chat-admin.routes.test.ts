import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  chatCannedReplies,
  chatConversations,
  chatNotes,
  teamMembers,
} from '../../db/schema/index.ts';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { ACME_HOST } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createProject, createTeam, createUser, joinProject } from '../../test/factories.ts';
import { createBoardClient, createBoardMember } from '../../test/factories-leaderboard.ts';
import { callAs, createConversation, createMessage, send, teamChannel } from './chat.fixture.ts';

const f = useAdminFixture();
const inbox = (token: string, query = '') =>
  callAs(f.t.app, token, 'GET', `/api/admin/chat/conversations${query}`);
const idsOf = (res: { body: { conversations: { id: string }[] } }) => res.body.conversations.map((c) => c.id);

/** A fresh member (in the given team, else in a new one), with a brand-team line holding one message of theirs. */
async function memberWithLine(teamId?: string) {
  const { user, token } = await f.newMember();
  if (teamId) await f.t.ctx.db.insert(teamMembers).values({ clientId: f.ids.demo, teamId, userId: user.id });
  else await createTeam(f.t.ctx.db, { clientId: f.ids.demo }, [user.id]);
  const started = await callAs(f.t.app, token, 'POST', '/api/chat/conversations', { kind: 'brand' });
  const line: string = started.body.conversation.id;
  const asked = await send(f.t.app, token, line, { body: 'Where are the launch assets?' });
  return { user, token, line, askedId: asked.body.message.id as string };
}

describe('brand-team inbox: access', () => {
  it('answers 401 without a session and 403 to members, before reading any input', async () => {
    const id = uuidv7();
    await expectSessionRequired(f.t, { url: '/api/admin/chat/conversations' });
    for (const [method, url] of [
      ['GET', '/api/admin/chat/conversations?box=nonsense'],
      ['GET', `/api/admin/chat/conversations/${id}`],
      ['PATCH', `/api/admin/chat/conversations/${id}`],
      ['GET', `/api/admin/chat/conversations/${id}/messages`],
      ['POST', `/api/admin/chat/conversations/${id}/messages`],
      ['POST', `/api/admin/chat/conversations/${id}/read`],
      ['GET', `/api/admin/chat/conversations/${id}/notes`],
      ['POST', `/api/admin/chat/conversations/${id}/notes`],
      ['GET', `/api/admin/chat/messages/${id}`],
      ['DELETE', `/api/admin/chat/messages/${id}`],
      ['GET', '/api/admin/chat/canned-replies'],
      ['GET', '/api/admin/chat/settings'],
      ['PUT', `/api/admin/chat/projects/${id}/channel`],
    ] as const) {
      const res = await callAs(
        f.t.app,
        f.tokens.member,
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect(res, `${method} ${url}`).toEqual({
        status: 403,
        body: { message: 'You are not allowed to answer brand-team conversations' },
      });
    }
    // A client without feature chat has no brand-team inbox either.
    const board = await createBoardClient(f.t.ctx.db);
    const { token } = await createBoardMember(f.t, board, { role: 'ADMIN' });
    const off = await callAs(f.t.app, token, 'GET', '/api/admin/chat/conversations', undefined, board.host);
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('feature_off');
  });

  it('keeps settings, project channels, canned-reply writes and removal to admins', async () => {
    const id = uuidv7();
    for (const [method, url, message] of [
      ['GET', '/api/admin/chat/settings', 'You are not allowed to change chat settings'],
      ['PATCH', '/api/admin/chat/settings', 'You are not allowed to change chat settings'],
      ['PUT', `/api/admin/chat/projects/${id}/channel`, 'You are not allowed to change chat settings'],
      ['DELETE', `/api/admin/chat/projects/${id}/channel`, 'You are not allowed to change chat settings'],
      ['POST', '/api/admin/chat/canned-replies', 'You are not allowed to change canned replies'],
      ['PATCH', `/api/admin/chat/canned-replies/${id}`, 'You are not allowed to change canned replies'],
      ['DELETE', `/api/admin/chat/canned-replies/${id}`, 'You are not allowed to change canned replies'],
      ['DELETE', `/api/admin/chat/messages/${id}`, 'You are not allowed to remove messages of others'],
    ] as const) {
      const res = await callAs(
        f.t.app,
        f.tokens.lead,
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect(res, `${method} ${url}`).toEqual({ status: 403, body: { message } });
    }
  });
});

describe('GET /api/admin/chat/conversations', () => {
  it('lists members’ lines with a message by box and status, most recently active first; a lead sees only their teams', async () => {
    const sales = f.team.Sales!;
    const inSales = await memberWithLine(sales);
    const elsewhere = await memberWithLine();
    const quiet = await f.newMember();
    await callAs(f.t.app, quiet.token, 'POST', '/api/chat/conversations', { kind: 'brand' });

    const all = await inbox(f.tokens.admin, '?limit=100');
    expect(idsOf(all).slice(0, 2)).toEqual([elsewhere.line, inSales.line]);
    expect(all.body.conversations[0]).toMatchObject({
      member: { id: elsewhere.user.id },
      assignee: null,
      status: 'open',
      unread: 1,
      last_message: {
        id: elsewhere.askedId,
        abilities: { can_edit: false, can_react: false, can_delete: false, can_remove: true },
      },
    });
    const lead = await inbox(f.tokens.lead, '?limit=100');
    expect(idsOf(lead)).toContain(inSales.line);
    expect(idsOf(lead)).not.toContain(elsewhere.line);
    expect(
      (await callAs(f.t.app, f.tokens.lead, 'GET', `/api/admin/chat/conversations/${elsewhere.line}`)).status,
    ).toBe(404);
    expect((await inbox(f.tokens.admin, '?box=mine')).body.conversations).toEqual([]);
    expect((await inbox(f.tokens.admin, '?status=closed')).status).toBe(400);
    const paged = await inbox(f.tokens.admin, '?limit=1');
    const next = await inbox(f.tokens.admin, `?limit=1&cursor=${paged.body.next_cursor}`);
    expect(idsOf(next)).toEqual([inSales.line]);
  });
});

describe('answering a member', () => {
  it('replies as the brand team; the member sees it unread in their line; the team reads by its shared pointer', async () => {
    const m = await memberWithLine();
    const url = `/api/admin/chat/conversations/${m.line}`;
    const reply = await callAs(f.t.app, f.tokens.lead, 'POST', `${url}/messages`, {
      client_message_id: uuidv7(),
      body: 'x',
    });
    expect(reply.status).toBe(404);
    const answered = await callAs(f.t.app, f.tokens.admin, 'POST', `${url}/messages`, {
      client_message_id: uuidv7(),
      body: 'Here: /library',
    });
    expect(answered.status).toBe(201);
    expect(answered.body.message).toMatchObject({
      author: { display_name: 'Alex Admin' },
      conversation_id: m.line,
    });
    const mine = await callAs(f.t.app, m.token, 'GET', `/api/chat/conversations/${m.line}`);
    expect(mine.body.conversation).toMatchObject({
      unread: 1,
      last_message: { id: answered.body.message.id },
    });
    // Replying read the member's message for the whole team.
    expect((await callAs(f.t.app, f.tokens.admin, 'GET', url)).body.conversation.unread).toBe(0);
    const again = await send(f.t.app, m.token, m.line, { body: 'Thanks!' });
    expect((await callAs(f.t.app, f.tokens.admin, 'GET', url)).body.conversation.unread).toBe(1);
    const read = await callAs(f.t.app, f.tokens.admin, 'POST', `${url}/read`, {
      message_id: again.body.message.id,
    });
    expect(read.body.conversation).toMatchObject({ unread: 0, last_read_message_id: again.body.message.id });
    const messages = await callAs(f.t.app, f.tokens.admin, 'GET', `${url}/messages`);
    expect(messages.body.messages.map((x: { id: string }) => x.id)).toEqual([
      again.body.message.id,
      answered.body.message.id,
      m.askedId,
    ]);
    expect(
      (await callAs(f.t.app, f.tokens.admin, 'GET', `/api/admin/chat/messages/${m.askedId}`)).status,
    ).toBe(200);
  });

  it('assigns to a colleague only, resolves, and reopens when the member writes again', async () => {
    const m = await memberWithLine();
    const url = `/api/admin/chat/conversations/${m.line}`;
    const admin = (
      await f.t.ctx.db.select().from(chatConversations).where(eq(chatConversations.id, m.line))
    )[0];
    expect(admin!.assigneeId).toBeNull();
    const notStaff = await callAs(f.t.app, f.tokens.admin, 'PATCH', url, { assignee_id: m.user.id });
    expect(notStaff).toEqual({
      status: 403,
      body: { message: 'assignee_id must be an admin or lead of this app', code: 'not_brand_team' },
    });
    const acmeAdmin = await createUser(f.t.ctx.db, { clientId: f.ids.acme, role: 'ADMIN' });
    expect((await callAs(f.t.app, f.tokens.admin, 'PATCH', url, { assignee_id: acmeAdmin.id })).status).toBe(
      403,
    );
    expect((await callAs(f.t.app, f.tokens.admin, 'PATCH', url, {})).status).toBe(400);
    const colleague = await createUser(f.t.ctx.db, {
      clientId: f.ids.demo,
      role: 'ANALYST',
      firstName: 'Cleo',
    });
    const assigned = await callAs(f.t.app, f.tokens.admin, 'PATCH', url, { assignee_id: colleague.id });
    expect(assigned.body.conversation).toMatchObject({ assignee: { id: colleague.id }, status: 'open' });
    const colleagueToken = await f.t.login(colleague.email!);
    expect(idsOf(await inbox(colleagueToken, '?box=mine'))).toEqual([m.line]);
    expect(idsOf(await inbox(f.tokens.admin, '?box=unassigned&limit=100'))).not.toContain(m.line);

    const resolved = await callAs(f.t.app, colleagueToken, 'PATCH', url, { status: 'resolved' });
    expect(resolved.body.conversation).toMatchObject({ status: 'resolved', assignee: { id: colleague.id } });
    expect(resolved.body.conversation.resolved_at).not.toBeNull();
    expect(idsOf(await inbox(colleagueToken, '?box=mine&status=resolved'))).toEqual([m.line]);
    await send(f.t.app, m.token, m.line, { body: 'One more thing' });
    const reopened = await callAs(f.t.app, colleagueToken, 'GET', url);
    expect(reopened.body.conversation).toMatchObject({ status: 'open', resolved_at: null });
    const unassigned = await callAs(f.t.app, f.tokens.admin, 'PATCH', url, { assignee_id: null });
    expect(unassigned.body.conversation.assignee).toBeNull();
  });

  it('keeps internal notes to the brand team: never in what the member reads', async () => {
    const m = await memberWithLine();
    const url = `/api/admin/chat/conversations/${m.line}/notes`;
    expect((await callAs(f.t.app, f.tokens.admin, 'POST', url, { body: '  ' })).status).toBe(400);
    const note = await callAs(f.t.app, f.tokens.admin, 'POST', url, { body: 'VIP: answer today' });
    expect(note.status).toBe(201);
    expect(note.body.note).toMatchObject({
      body: 'VIP: answer today',
      author: { display_name: 'Alex Admin' },
    });
    expect((await callAs(f.t.app, f.tokens.admin, 'GET', url)).body.notes).toEqual([note.body.note]);
    const memberView = JSON.stringify([
      await callAs(f.t.app, m.token, 'GET', `/api/chat/conversations/${m.line}/messages`),
      await callAs(f.t.app, m.token, 'GET', `/api/chat/conversations/${m.line}`),
      await callAs(f.t.app, m.token, 'GET', '/api/chat/search?q=VIP'),
    ]);
    expect(memberView).not.toContain('VIP');
    expect(
      (await f.t.ctx.db.select().from(chatNotes).where(eq(chatNotes.conversationId, m.line))).length,
    ).toBe(1);
  });

  it('lets an admin remove any message of the client, with an audit row', async () => {
    const [a, b] = [await f.newMember(), await f.newMember()];
    const group = await createConversation(f.t.ctx.db, {
      clientId: f.ids.demo,
      memberIds: [a.user.id, b.user.id],
    });
    const sent = await send(f.t.app, a.token, group.id, { body: 'Something to remove' });
    const removed = await callAs(
      f.t.app,
      f.tokens.admin,
      'DELETE',
      `/api/admin/chat/messages/${sent.body.message.id}`,
    );
    expect(removed.body.message).toMatchObject({ deleted: true, body: '' });
    const audit = await f.t.ctx.db.select().from(auditLog).where(eq(auditLog.target, sent.body.message.id));
    expect(audit).toEqual([expect.objectContaining({ action: 'chat.message.removed' })]);
    const acmeUser = await createUser(f.t.ctx.db, { clientId: f.ids.acme });
    const foreign = await createConversation(f.t.ctx.db, { clientId: f.ids.acme, memberIds: [acmeUser.id] });
    const theirs = await createMessage(f.t.ctx.db, {
      clientId: f.ids.acme,
      conversationId: foreign.id,
      authorId: acmeUser.id,
    });
    expect(
      (await callAs(f.t.app, f.tokens.admin, 'DELETE', `/api/admin/chat/messages/${theirs.id}`)).status,
    ).toBe(404);
  });
});

describe('moderation from /chat', () => {
  it('offers an admin the removal of others’ messages of a team channel they are in, and removes them for everyone', async () => {
    const db = f.t.ctx.db;
    const person = async (role: 'USER' | 'ADMIN' | 'ANALYST') => {
      const user = await createUser(db, { clientId: f.ids.demo, role });
      return { user, token: await f.t.login(user.email!) };
    };
    const [author, other, admin, analyst] = [
      await person('USER'),
      await person('USER'),
      await person('ADMIN'),
      await person('ANALYST'),
    ];
    const team = await createTeam(db, { clientId: f.ids.demo }, [
      author.user.id,
      other.user.id,
      admin.user.id,
      analyst.user.id,
    ]);
    const channel = await teamChannel(db, team.id);
    const sent = await send(f.t.app, author.token, channel.id, { body: 'Off-brand joke' });
    expect(sent.status).toBe(201);
    const id: string = sent.body.message.id;
    const own = await send(f.t.app, admin.token, channel.id, { body: 'Please keep it friendly' });
    const abilitiesOf = async (token: string, messageId: string) => {
      const page = await callAs(f.t.app, token, 'GET', `/api/chat/conversations/${channel.id}/messages`);
      return page.body.messages.find((m: { id: string }) => m.id === messageId).abilities;
    };
    // The admin removes others' messages and deletes their own; nobody else removes.
    expect(await abilitiesOf(admin.token, id)).toMatchObject({ can_remove: true, can_delete: false });
    expect(await abilitiesOf(admin.token, own.body.message.id)).toMatchObject({
      can_remove: false,
      can_delete: true,
    });
    expect(await abilitiesOf(author.token, id)).toMatchObject({ can_remove: false, can_delete: true });
    for (const viewer of [other, analyst]) {
      expect(await abilitiesOf(viewer.token, id)).toMatchObject({ can_remove: false, can_delete: false });
    }
    const url = `/api/admin/chat/messages/${id}`;
    expect(await callAs(f.t.app, other.token, 'DELETE', url)).toMatchObject({ status: 403 });
    expect(await callAs(f.t.app, analyst.token, 'DELETE', url)).toEqual({
      status: 403,
      body: { message: 'You are not allowed to remove messages of others' },
    });
    expect(await callAs(f.t.app, other.token, 'GET', `/api/chat/messages/${id}`)).toMatchObject({
      body: { message: { deleted: false, body: 'Off-brand joke' } },
    });

    const removed = await callAs(f.t.app, admin.token, 'DELETE', url);
    expect(removed).toMatchObject({
      status: 200,
      body: { message: { id, deleted: true, body: '', abilities: { can_remove: false } } },
    });
    for (const viewer of [author, other, analyst]) {
      const seen = await callAs(f.t.app, viewer.token, 'GET', `/api/chat/messages/${id}`);
      expect(seen.body.message).toMatchObject({ deleted: true, body: '', attachments: [] });
    }
    const audit = await db.select().from(auditLog).where(eq(auditLog.target, id));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'chat.message.removed',
        userId: admin.user.id,
        data: { conversation_id: channel.id, author_id: author.user.id },
      }),
    ]);
  });
});

describe('canned replies, settings and project channels', () => {
  it('lets admins write canned replies and the whole brand team read them', async () => {
    const base = '/api/admin/chat/canned-replies';
    expect((await callAs(f.t.app, f.tokens.admin, 'POST', base, { title: '', body: 'x' })).status).toBe(400);
    const made = await callAs(f.t.app, f.tokens.admin, 'POST', base, {
      title: 'Assets',
      body: 'Find them in the library.',
    });
    expect(made.status).toBe(201);
    const id = made.body.reply.id;
    const changed = await callAs(f.t.app, f.tokens.admin, 'PATCH', `${base}/${id}`, {
      title: 'Launch assets',
    });
    expect(changed.body.reply).toMatchObject({ title: 'Launch assets', body: 'Find them in the library.' });
    const listed = await callAs(f.t.app, f.tokens.lead, 'GET', base);
    expect(listed.body.replies.map((r: { id: string }) => r.id)).toContain(id);
    const acmeReply = await callAs(
      f.t.app,
      f.tokens.acmeAdmin,
      'DELETE',
      `${base}/${id}`,
      undefined,
      ACME_HOST,
    );
    // Another client's reply is none of Acme's.
    expect(acmeReply.status).toBe(404);
    expect((await callAs(f.t.app, f.tokens.admin, 'DELETE', `${base}/${id}`)).body).toEqual({ ok: true });
    expect((await callAs(f.t.app, f.tokens.admin, 'DELETE', `${base}/${id}`)).status).toBe(404);
    expect(await f.t.ctx.db.select().from(chatCannedReplies).where(eq(chatCannedReplies.id, id))).toEqual([]);
  });

  it('stores who members may message (default anyone)', async () => {
    const url = '/api/admin/chat/settings';
    expect((await callAs(f.t.app, f.tokens.admin, 'GET', url)).body).toEqual({
      settings: { dm_policy: 'anyone' },
    });
    expect((await callAs(f.t.app, f.tokens.admin, 'PATCH', url, { dm_policy: 'friends' })).status).toBe(400);
    const set = await callAs(f.t.app, f.tokens.admin, 'PATCH', url, { dm_policy: 'teammates' });
    expect(set.body).toEqual({ settings: { dm_policy: 'teammates' } });
    await callAs(f.t.app, f.tokens.admin, 'PATCH', url, { dm_policy: 'anyone' });
  });

  it("turns a project's channel on for its joined members, and off", async () => {
    const { user, token } = await f.newMember();
    const project = await createProject(f.t.ctx.db, { clientId: f.ids.demo, name: 'Spring launch' });
    await joinProject(f.t.ctx.db, { clientId: f.ids.demo, projectId: project.id, userId: user.id });
    const url = `/api/admin/chat/projects/${project.id}/channel`;
    expect((await callAs(f.t.app, f.tokens.lead, 'GET', url)).body.channel).toEqual({
      project_id: project.id,
      conversation_id: null,
      enabled: false,
    });
    const on = await callAs(f.t.app, f.tokens.admin, 'PUT', url);
    expect(on.body.channel).toMatchObject({ project_id: project.id, enabled: true });
    const mine = await callAs(f.t.app, token, 'GET', '/api/chat/conversations');
    expect(mine.body.conversations[0]).toMatchObject({
      kind: 'project',
      title: 'Spring launch',
      project_id: project.id,
    });
    const off = await callAs(f.t.app, f.tokens.admin, 'DELETE', url);
    expect(off.body.channel).toEqual({
      project_id: project.id,
      conversation_id: on.body.channel.conversation_id,
      enabled: false,
    });
    expect((await callAs(f.t.app, token, 'GET', '/api/chat/conversations')).body.conversations).toEqual([]);
    const again = await callAs(f.t.app, f.tokens.admin, 'PUT', url);
    expect(again.body.channel.conversation_id).toBe(on.body.channel.conversation_id);
    const acmeProject = await createProject(f.t.ctx.db, { clientId: f.ids.acme });
    expect(
      (await callAs(f.t.app, f.tokens.admin, 'PUT', `/api/admin/chat/projects/${acmeProject.id}/channel`))
        .status,
    ).toBe(404);
  });
});
