import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, headersFor } from '../../test/factories.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Opens the live stream with a session on a client's host and collects what arrives. */
function openStream(
  token: string,
  host: string,
): Promise<{ res: IncomingMessage; text: () => string; close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: '/api/notifications/stream', headers: headersFor(token, host) },
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
const updates = (text: string) => text.match(/event: client\.updated\ndata: \{\}\n\n/g)?.length ?? 0;
const save = (token: string, host: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/admin/client', headers: headersFor(token, host), payload });

describe('PATCH /api/admin/client announces the change live', () => {
  it("sends client.updated to every open app of the admin's client, and none to another client's", async () => {
    const [demoAdmin, demoMember, demoLead, acmeAdmin, acmeMember] = await Promise.all([
      t.login('admin@demo.test'),
      t.login('member@demo.test'),
      t.login('lead@demo.test'),
      t.login('admin@acme.test'),
      t.login('member@acme.test'),
    ]);
    const streams = {
      demoMember: await openStream(demoMember, DEMO_HOST),
      demoLead: await openStream(demoLead, DEMO_HOST),
      acmeMember: await openStream(acmeMember, ACME_HOST),
    };
    const all = Object.values(streams);
    try {
      for (const stream of all) expect(stream.res.statusCode).toBe(200);
      await Promise.all(all.map((stream) => until(() => stream.text().includes('retry:'))));

      expect((await save(demoAdmin, DEMO_HOST, { primary_color: '#1D4ED8' })).statusCode).toBe(200);
      await until(() => updates(streams.demoMember.text()) === 1 && updates(streams.demoLead.text()) === 1);

      // Acme's own save reaches its member after Demo's would have (one bus, in order): Demo's never came.
      expect((await save(acmeAdmin, ACME_HOST, { secondary_color: '#22C55E' })).statusCode).toBe(200);
      await until(() => updates(streams.acmeMember.text()) === 1);
      expect(updates(streams.acmeMember.text())).toBe(1);
      expect(updates(streams.demoMember.text())).toBe(1);
      expect(updates(streams.demoLead.text())).toBe(1);
    } finally {
      for (const stream of all) stream.close();
    }
  });

  it('sends nothing when the save changed nothing or was refused', async () => {
    const [demoAdmin, demoMember] = await Promise.all([
      t.login('admin@demo.test'),
      t.login('member@demo.test'),
    ]);
    const stream = await openStream(demoMember, DEMO_HOST);
    const published: string[] = [];
    t.ctx.bus.subscribe('client-events', (message) => published.push(message));
    try {
      await until(() => stream.text().includes('retry:'));
      const current = (
        await t.app.inject({ url: '/api/admin/client', headers: headersFor(demoAdmin) })
      ).json().settings;
      expect((await save(demoAdmin, DEMO_HOST, { name: current.name })).statusCode).toBe(200);
      expect((await save(demoMember, DEMO_HOST, { name: 'Hacked' })).statusCode).toBe(403);
      expect(published).toEqual([]);

      expect((await save(demoAdmin, DEMO_HOST, { name: 'Demo Live' })).statusCode).toBe(200);
      expect(published.map((m) => JSON.parse(m))).toEqual([
        { client_id: (await clientIds(t.ctx.db)).demo, event: 'client.updated' },
      ]);
      await until(() => updates(stream.text()) === 1);
    } finally {
      stream.close();
    }
  });
});
