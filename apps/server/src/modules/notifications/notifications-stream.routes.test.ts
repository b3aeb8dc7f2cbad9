import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createUser, headersFor } from '../../test/factories.ts';
import { drainJobs } from '../../test/factories-notifications.ts';
import { notify } from './notify.ts';

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

/** Opens the stream as the Demo client (host localhost) and collects what arrives. */
function openStream(token: string): Promise<{ res: IncomingMessage; text: () => string; close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: '/api/notifications/stream', headers: headersFor(token) },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        resolve({ res, text: () => text, close: () => req.destroy() });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('GET /api/notifications/stream', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/notifications/stream' });
  });

  it("sends an event when the member gets a notification, and none for someone else's", async () => {
    const [me, other] = [
      await createUser(t.ctx.db, { clientId: ids.demo }),
      await createUser(t.ctx.db, { clientId: ids.demo }),
    ];
    const stream = await openStream(await t.login(me.email!));
    try {
      expect(stream.res.statusCode).toBe(200);
      expect(stream.res.headers['content-type']).toMatch(/^text\/event-stream/);
      await until(() => stream.text().includes('retry:'));
      const base = { clientId: ids.demo, kind: 'follow' as const, title: 'x', link: '/' };
      await notify(t.ctx.db, { ...base, to: { users: [other.id] } });
      await drainJobs(t);
      await notify(t.ctx.db, { ...base, to: { users: [me.id] } });
      await drainJobs(t);
      await until(() => stream.text().includes('event: notification'));
      expect(stream.text().match(/event: notification/g)).toHaveLength(1);
    } finally {
      stream.close();
    }
  });
});

describe('GET /api/notifications actor', () => {
  it("shows who caused a notification by display name and image, never another client's person", async () => {
    const me = await createUser(t.ctx.db, { clientId: ids.demo });
    const actor = await createUser(t.ctx.db, {
      clientId: ids.demo,
      firstName: 'Ana',
      lastName: 'Lima',
      imageUrl: '/api/files/ana.webp',
    });
    const foreign = await createUser(t.ctx.db, { clientId: ids.acme });
    const base = { clientId: ids.demo, kind: 'comment' as const, link: '/', to: { users: [me.id] } };
    await notify(t.ctx.db, { ...base, title: 'by Ana', actorId: actor.id });
    await notify(t.ctx.db, { ...base, title: 'by a stranger', actorId: foreign.id });
    await drainJobs(t);
    const res = await t.app.inject({
      url: '/api/notifications',
      headers: headersFor(await t.login(me.email!)),
    });
    const byTitle = Object.fromEntries(
      res.json().notifications.map((n: { title: string; actor: unknown }) => [n.title, n.actor]),
    );
    expect(byTitle['by Ana']).toEqual({
      id: actor.id,
      display_name: 'Ana Lima',
      image_url: '/api/files/ana.webp',
    });
    expect(byTitle['by a stranger']).toBeNull();
  });
});
