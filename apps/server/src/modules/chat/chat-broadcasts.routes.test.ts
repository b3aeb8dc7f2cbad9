import { eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { chatBroadcasts, chatConversations, chatMessages } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/transaction.ts';
import { createJobHandlers } from '../../jobs/index.ts';
import { createJobRunner } from '../../jobs/runner.ts';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createProject, createTeam, createUser, joinProject } from '../../test/factories.ts';
import { drainJobs } from '../../test/factories-notifications.ts';
import { createSafetyRule } from '../../test/factories-safety.ts';
import { callAs, send } from './chat.fixture.ts';
import {
  claimDelivery,
  getBroadcast,
  insertBroadcast,
  listNextRecipients,
  markDelivered,
} from './chat-broadcasts.repository.ts';
import { deliverBroadcast } from './commands/deliver-broadcast.ts';

const f = useAdminFixture();
const URL = '/api/admin/chat/broadcasts';
const broadcast = (token: string, payload: object) => callAs(f.t.app, token, 'POST', URL, payload);
const countBroadcasts = async () =>
  (await f.t.ctx.db.select().from(chatBroadcasts).where(eq(chatBroadcasts.clientId, f.ids.demo))).length;

/** A team of `n` fresh members, with their tokens. */
async function teamOf(n: number) {
  const people = await Promise.all(Array.from({ length: n }, () => f.newMember()));
  const team = await createTeam(
    f.t.ctx.db,
    { clientId: f.ids.demo },
    people.map((p) => p.user.id),
  );
  return { team, people };
}

/** The member's brand-team conversation and its messages, as the member reads them. */
async function brandLineOf(token: string) {
  const list = await callAs(f.t.app, token, 'GET', '/api/chat/conversations?limit=50');
  const line = list.body.conversations.find((c: { kind: string }) => c.kind === 'brand');
  if (!line) return { line: undefined, bodies: [] as string[] };
  const page = await callAs(f.t.app, token, 'GET', `/api/chat/conversations/${line.id}/messages`);
  return { line, bodies: page.body.messages.map((m: { body: string }) => m.body) as string[] };
}

describe('broadcasts: access', () => {
  it('answers 401 without a session', async () => {
    await expectSessionRequired(f.t, { url: URL });
    await expectSessionRequired(f.t, { method: 'POST', url: URL, payload: { audience: 'all', body: 'x' } });
    await expectSessionRequired(f.t, { url: `${URL}/${uuidv7()}` });
  });

  it('answers 400 naming the field and stores nothing', async () => {
    const before = await countBroadcasts();
    for (const [payload, field] of [
      [{ audience: 'all', body: '' }, 'body'],
      [{ audience: 'all', body: 'x'.repeat(4001) }, 'body'],
      [{ audience: 'everyone', body: 'Hi' }, 'audience'],
      [{ audience: 'team', body: 'Hi' }, 'team_id'],
      [{ audience: 'project', body: 'Hi' }, 'project_id'],
      [{ audience: 'team', team_id: 'nope', body: 'Hi' }, 'team_id'],
      [{ audience: 'team', team_id: uuidv7(), body: 'Hi' }, 'team_id'],
    ] as const) {
      const res = await broadcast(f.tokens.admin, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toContain(field);
    }
    expect(await countBroadcasts()).toBe(before);
  });

  it('answers 403 to members and leads, before reading any input', async () => {
    const messages = {
      member: 'You are not allowed to answer brand-team conversations',
      lead: 'You are not allowed to send broadcasts',
    };
    for (const who of ['member', 'lead'] as const) {
      for (const [method, url] of [
        ['GET', URL],
        ['POST', URL],
        ['GET', `${URL}/${uuidv7()}`],
      ] as const) {
        const res = await callAs(f.t.app, f.tokens[who], method, url, method === 'POST' ? {} : undefined);
        expect(res, `${method} ${url} as ${who}`).toEqual({
          status: 403,
          body: { message: messages[who] },
        });
      }
    }
  });

  it("answers 404 for another client's broadcast, and 400 for another client's team", async () => {
    const admin = await createUser(f.t.ctx.db, { clientId: f.ids.acme, role: 'ADMIN' });
    const id = await insertBroadcast(f.t.ctx.db, {
      clientId: f.ids.acme,
      authorId: admin.id,
      audience: 'all',
      teamId: null,
      projectId: null,
      body: 'Acme only',
    });
    expect((await callAs(f.t.app, f.tokens.admin, 'GET', `${URL}/${id}`)).status).toBe(404);
    const list = await callAs(f.t.app, f.tokens.admin, 'GET', `${URL}?limit=100`);
    expect(list.body.broadcasts.map((b: { id: string }) => b.id)).not.toContain(id);
    const before = await countBroadcasts();
    const res = await broadcast(f.tokens.admin, { audience: 'team', team_id: f.acmeTeamId, body: 'Hi' });
    expect(res).toEqual({ status: 400, body: { message: 'team_id must be a team of this app' } });
    expect(await countBroadcasts()).toBe(before);
  });

  it('refuses a blocked phrase like every text, naming it', async () => {
    await createSafetyRule(f.t.ctx.db, { clientId: f.ids.demo, phrase: 'Forbidden Fruit', kind: 'block' });
    const before = await countBroadcasts();
    const res = await broadcast(f.tokens.admin, { audience: 'all', body: 'Try the forbidden fruit today' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Forbidden Fruit');
    expect(await countBroadcasts()).toBe(before);
  });
});

describe('broadcasts: delivery', () => {
  it("delivers to each of a team's members once, in their brand-team line, and counts deliveries and reads", async () => {
    const { team, people } = await teamOf(2);
    const [withLine, withoutLine] = people as [(typeof people)[0], (typeof people)[0]];
    const outsider = await f.newMember();
    await callAs(f.t.app, withLine.token, 'POST', '/api/chat/conversations', { kind: 'brand' });
    const created = await broadcast(f.tokens.admin, {
      audience: 'team',
      team_id: team.id,
      body: 'Launch day!',
    });
    expect(created.status).toBe(201);
    expect(created.body.broadcast).toMatchObject({
      audience: 'team',
      target: { id: team.id, name: team.name },
      body: 'Launch day!',
      recipients: 0,
      delivered: 0,
      listing: true,
    });
    await drainJobs(f.t);
    const id = created.body.broadcast.id;
    const after = await callAs(f.t.app, f.tokens.admin, 'GET', `${URL}/${id}`);
    expect(after.body.broadcast).toMatchObject({ recipients: 2, delivered: 2, read: 0, listing: false });

    for (const p of people) expect((await brandLineOf(p.token)).bodies).toEqual(['Launch day!']);
    expect((await brandLineOf(outsider.token)).line).toBeUndefined();

    // A line the broadcast made waits for nobody: resolved, out of the open inbox until the member writes.
    const [made] = await f.t.ctx.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.memberId, withoutLine.user.id));
    expect(made!.status).toBe('resolved');

    const { line } = await brandLineOf(withoutLine.token);
    const read = await callAs(f.t.app, withoutLine.token, 'POST', `/api/chat/conversations/${line.id}/read`, {
      message_id: line.last_message.id,
    });
    expect(read.status).toBe(200);
    const counted = await callAs(f.t.app, f.tokens.admin, 'GET', `${URL}/${id}`);
    expect(counted.body.broadcast).toMatchObject({ delivered: 2, read: 1 });
    const listed = await callAs(f.t.app, f.tokens.admin, 'GET', URL);
    expect(listed.body.broadcasts[0]).toMatchObject({ id, delivered: 2, read: 1 });

    const reply = await send(f.t.app, withoutLine.token, line.id, { body: 'Thanks!' });
    expect(reply.status).toBe(201);
    const [reopened] = await f.t.ctx.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, line.id));
    expect(reopened!.status).toBe('open');
  });

  it("reaches a project's joined members only", async () => {
    const project = await createProject(f.t.ctx.db, { clientId: f.ids.demo });
    const joined = await f.newMember();
    const other = await f.newMember();
    await joinProject(f.t.ctx.db, { clientId: f.ids.demo, projectId: project.id, userId: joined.user.id });
    const created = await broadcast(f.tokens.admin, {
      audience: 'project',
      project_id: project.id,
      body: 'Project news',
    });
    await drainJobs(f.t);
    const after = await callAs(f.t.app, f.tokens.admin, 'GET', `${URL}/${created.body.broadcast.id}`);
    expect(after.body.broadcast).toMatchObject({ recipients: 1, delivered: 1 });
    expect((await brandLineOf(joined.token)).bodies).toEqual(['Project news']);
    expect((await brandLineOf(other.token)).line).toBeUndefined();
  });

  it('survives a restart: a new runner delivers what the old one left, and a delivery job run twice delivers once', async () => {
    // The server goes down first: its own runner (started with the app) stops, so the jobs wait in the table.
    await f.t.ctx.jobs.stop();
    const { team, people } = await teamOf(3);
    const created = await broadcast(f.tokens.admin, {
      audience: 'team',
      team_id: team.id,
      body: 'After restart',
    });
    const id = created.body.broadcast.id as string;
    // The server "restarts" before running anything: a fresh runner on the same database finds the jobs.
    const runner = createJobRunner({ db: f.t.ctx.db, handlers: createJobHandlers(f.t.ctx) });
    while ((await runner.drain()) > 0);
    await runner.stop();
    const payload = { clientId: f.ids.demo, broadcastId: id, userIds: people.map((p) => p.user.id) };
    await withTransaction(f.t.ctx.db, (tx) => deliverBroadcast(tx, f.t.ctx.bus, payload));
    await withTransaction(f.t.ctx.db, (tx) => deliverBroadcast(tx, f.t.ctx.bus, payload));
    const messages = await selectRows<{ n: number }>(
      f.t.ctx.db,
      sql`select count(*)::int as n from chat_messages where body = 'After restart'`,
    );
    expect(messages[0]!.n).toBe(3);
    const after = await callAs(f.t.app, f.tokens.admin, 'GET', `${URL}/${id}`);
    expect(after.body.broadcast).toMatchObject({ recipients: 3, delivered: 3 });
  });
});

describe('broadcasts: tenancy', () => {
  it("reads and writes nothing of another client's broadcast", async () => {
    const db = f.t.ctx.db;
    const admin = await createUser(db, { clientId: f.ids.acme, role: 'ADMIN' });
    const acmeMember = await createUser(db, { clientId: f.ids.acme });
    const id = await insertBroadcast(db, {
      clientId: f.ids.acme,
      authorId: admin.id,
      audience: 'all',
      teamId: null,
      projectId: null,
      body: 'Acme news',
    });
    expect(await getBroadcast(db, { clientId: f.ids.demo, id })).toBeUndefined();
    expect(
      await listNextRecipients(db, { clientId: f.ids.demo, broadcastId: id, after: null, limit: 10 }),
    ).toEqual([]);
    await listNextRecipients(db, { clientId: f.ids.acme, broadcastId: id, after: null, limit: 500 });
    const key = { broadcastId: id, userId: acmeMember.id };
    expect(await claimDelivery(db, { clientId: f.ids.demo, ...key })).toBe(false);
    await markDelivered(db, { clientId: f.ids.demo, ...key, conversationId: uuidv7(), messageId: uuidv7() });
    const row = await getBroadcast(db, { clientId: f.ids.acme, id });
    expect(row).toMatchObject({ delivered: 0 });
    expect(Number(row!.recipient_count)).toBeGreaterThan(0);
    const stray = await db.select().from(chatMessages).where(eq(chatMessages.body, 'Acme news'));
    expect(stray).toEqual([]);
  });
});
