import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createTeam, createUser, headersFor } from '../../test/factories.ts';
import { callAs, createConversation, send, teamChannel } from './chat.fixture.ts';

// Chat's live events on the one stream (GET /api/notifications/stream): to the people of the conversation only, never
// to anyone of another client; and after a reconnect the app catches up by cursor, each message exactly once.
let t: TestApp;
let ids: { demo: string; acme: string };
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface Stream {
  events: () => { event: string; data: Record<string, string | null> }[];
  close: () => void;
}

/** Opens the live stream as the token's user and collects its events. */
function openStream(token: string, host?: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: '/api/notifications/stream', headers: headersFor(token, host) },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        const events = () =>
          text
            .split('\n\n')
            .filter((block) => block.startsWith('event: chat.'))
            .map((block) => {
              const [event, data] = block.split('\n');
              return { event: event!.slice(7), data: JSON.parse(data!.slice(6)) };
            });
        const ready = () =>
          text.includes('retry:') ? resolve({ events, close: () => req.destroy() }) : setTimeout(ready, 10);
        ready();
      },
    );
    req.on('error', reject);
    req.end();
  });
}
async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}
const member = async () => {
  const user = await createUser(t.ctx.db, { clientId: ids.demo });
  return { user, token: await t.login(user.email!) };
};

describe('chat live events', () => {
  it('tells the people of the conversation, and nobody else of this or another client', async () => {
    const [a, b, outsider] = [await member(), await member(), await member()];
    const group = await createConversation(t.ctx.db, {
      clientId: ids.demo,
      memberIds: [a.user.id, b.user.id],
    });
    const acme = await t.login('admin@acme.test');
    const [sb, so, sacme] = [
      await openStream(b.token),
      await openStream(outsider.token),
      await openStream(acme, '127.0.0.1'),
    ];
    try {
      const sent = await send(t.app, a.token, group.id, { body: 'Live!' });
      const id = sent.body.message.id;
      await callAs(t.app, a.token, 'POST', `/api/chat/conversations/${group.id}/typing`, {});
      await callAs(t.app, a.token, 'PUT', `/api/chat/messages/${id}/reactions`, { emoji: '👍' });
      await callAs(t.app, a.token, 'PATCH', `/api/chat/messages/${id}`, { body: 'Live, edited' });
      await callAs(t.app, b.token, 'POST', `/api/chat/conversations/${group.id}/read`, { message_id: id });
      await until(() => sb.events().some((e) => e.event === 'chat.read'));
      const ref = { conversation_id: group.id, message_id: id, parent_id: null };
      expect(sb.events()).toEqual([
        { event: 'chat.message', data: ref },
        { event: 'chat.typing', data: { conversation_id: group.id, user_id: a.user.id, parent_id: null } },
        { event: 'chat.reaction', data: ref },
        { event: 'chat.message.updated', data: ref },
        { event: 'chat.read', data: { ...ref, user_id: b.user.id } },
      ]);
      // A later event for the outsider proves theirs would have arrived by now.
      const own = await createConversation(t.ctx.db, {
        clientId: ids.demo,
        memberIds: [outsider.user.id, a.user.id],
      });
      await send(t.app, a.token, own.id, { body: 'Hi outsider' });
      await until(() => so.events().length > 0);
      expect(so.events().map((e) => e.data.conversation_id)).toEqual([own.id]);
      expect(sacme.events()).toEqual([]);
    } finally {
      for (const s of [sb, so, sacme]) s.close();
    }
  });

  it('tells everyone of a team channel when an admin removes a message there', async () => {
    const [a, b] = [await member(), await member()];
    const admin = await createUser(t.ctx.db, { clientId: ids.demo, role: 'ADMIN' });
    const adminToken = await t.login(admin.email!);
    const team = await createTeam(t.ctx.db, { clientId: ids.demo }, [a.user.id, b.user.id, admin.id]);
    const channel = await teamChannel(t.ctx.db, team.id);
    const sent = await send(t.app, a.token, channel.id, { body: 'Remove me' });
    const [sa, sb] = [await openStream(a.token), await openStream(b.token)];
    try {
      const id = sent.body.message.id;
      expect((await callAs(t.app, adminToken, 'DELETE', `/api/admin/chat/messages/${id}`)).status).toBe(200);
      const removal = { conversation_id: channel.id, message_id: id, parent_id: null };
      for (const stream of [sa, sb]) {
        await until(() => stream.events().length > 0);
        expect(stream.events()).toEqual([{ event: 'chat.message.updated', data: removal }]);
      }
    } finally {
      sa.close();
      sb.close();
    }
  });

  it('never sends internal notes or the brand team’s read pointer to the member', async () => {
    const m = await member();
    const line = await callAs(t.app, m.token, 'POST', '/api/chat/conversations', { kind: 'brand' });
    const id = line.body.conversation.id;
    const adminToken = await t.login('admin@demo.test');
    const [sm, sa] = [await openStream(m.token), await openStream(adminToken)];
    try {
      const asked = await send(t.app, m.token, id, { body: 'Question' });
      await callAs(t.app, adminToken, 'POST', `/api/admin/chat/conversations/${id}/notes`, {
        body: 'VIP, be nice',
      });
      await callAs(t.app, adminToken, 'POST', `/api/admin/chat/conversations/${id}/read`, {
        message_id: asked.body.message.id,
      });
      await callAs(t.app, adminToken, 'POST', `/api/admin/chat/conversations/${id}/messages`, {
        client_message_id: crypto.randomUUID(),
        body: 'Answer',
      });
      await until(() => sm.events().length >= 2 && sa.events().length >= 4);
      expect(sm.events().map((e) => e.event)).toEqual(['chat.message', 'chat.message']);
      expect(sa.events().map((e) => e.event)).toEqual([
        'chat.message',
        'chat.note',
        'chat.read',
        'chat.message',
      ]);
    } finally {
      sm.close();
      sa.close();
    }
  });

  it('after a dropped stream, catches up by cursor: every message sent meanwhile exactly once, in order', async () => {
    const [a, b] = [await member(), await member()];
    const group = await createConversation(t.ctx.db, {
      clientId: ids.demo,
      memberIds: [a.user.id, b.user.id],
    });
    const first = await openStream(b.token);
    const seen = (await send(t.app, a.token, group.id, { body: 'before' })).body.message.id as string;
    await until(() => first.events().length === 1);
    first.close();
    const missed: string[] = [];
    for (let i = 0; i < 5; i++)
      missed.push((await send(t.app, a.token, group.id, { body: `while away ${i}` })).body.message.id);
    const second = await openStream(b.token);
    try {
      // The app reconnects, then reads newer than its last seen message until nothing newer is left.
      const caught: string[] = [];
      let cursor: string | null = seen;
      while (cursor) {
        const page = await callAs(
          t.app,
          b.token,
          'GET',
          `/api/chat/conversations/${group.id}/messages?limit=-2&cursor=${cursor}`,
        );
        caught.push(...page.body.messages.map((m: { id: string }) => m.id).reverse());
        cursor = page.body.next_cursor ?? null;
      }
      const after = (await send(t.app, a.token, group.id, { body: 'after' })).body.message.id;
      await until(() => second.events().length === 1);
      expect(caught).toEqual(missed);
      expect(second.events()[0]!.data.message_id).toBe(after);
    } finally {
      second.close();
    }
  });

  it("tells whoever joins or leaves a team, or is added or removed by an admin, that the team's channel came or went", async () => {
    const [joiner, teammate, placed] = [await member(), await member(), await member()];
    const team = await createTeam(t.ctx.db, { clientId: ids.demo }, [teammate.user.id]);
    const channel = await teamChannel(t.ctx.db, team.id);
    const admin = await t.login('admin@demo.test');
    const [sj, st, sp] = [
      await openStream(joiner.token),
      await openStream(teammate.token),
      await openStream(placed.token),
    ];
    const changes = (s: Stream) => s.events().filter((e) => e.event === 'chat.conversation');
    try {
      const joined = await callAs(t.app, joiner.token, 'POST', `/api/teams/${team.id}/membership`);
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      await until(() => changes(sj).length === 1);
      expect(changes(sj)[0]!.data).toEqual({ conversation_id: channel.id });
      const list = await callAs(t.app, joiner.token, 'GET', '/api/chat/conversations');
      expect(list.body.conversations.map((c: { id: string }) => c.id)).toContain(channel.id);
      expect((await callAs(t.app, joiner.token, 'DELETE', `/api/teams/${team.id}/membership`)).status).toBe(
        200,
      );
      await until(() => changes(sj).length === 2);

      const path = `/api/admin/teams/${team.id}/members/${placed.user.id}`;
      const added = await callAs(t.app, admin, 'PUT', path);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      await until(() => changes(sp).length === 1);
      expect((await callAs(t.app, admin, 'DELETE', path)).status).toBe(200);
      await until(() => changes(sp).length === 2);
      expect(changes(sp).map((e) => e.data.conversation_id)).toEqual([channel.id, channel.id]);
      // Only the person whose membership changed hears of it.
      expect(changes(st)).toEqual([]);
    } finally {
      for (const s of [sj, st, sp]) s.close();
    }
  });
});
