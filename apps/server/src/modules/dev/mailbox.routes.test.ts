import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, mailOutbox } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /dev/mailbox (demo mode)', () => {
  it("lists this client's mails as HTML, escaped, with clickable links", async () => {
    const ids = await clientIds(t.ctx.db);
    await t.ctx.db.insert(mailOutbox).values([
      {
        clientId: ids.demo,
        to: 'a@demo.test',
        subject: 'Reset <b>now</b>',
        text: 'Go to http://localhost/reset?token=abc now',
      },
      { clientId: ids.acme, to: 'b@acme.test', subject: 'Acme only', text: 'Secret for Acme' },
    ]);
    const res = await t.app.inject({ url: '/dev/mailbox', headers: { host: DEMO_HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Reset &lt;b&gt;now&lt;/b&gt;');
    expect(res.body).toContain('<a href="http://localhost/reset?token=abc">');
    expect(res.body).not.toContain('Acme only');

    const json = await t.app.inject({ url: '/dev/mailbox?format=json', headers: { host: ACME_HOST } });
    expect(json.json().mails).toEqual([expect.objectContaining({ to: 'b@acme.test', subject: 'Acme only' })]);
  });

  it('follows a password reset end to end: the mail with the link shows up', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      headers: { host: DEMO_HOST },
      payload: { email: 'member@demo.test' },
    });
    const { mails } = (
      await t.app.inject({ url: '/dev/mailbox?format=json', headers: { host: DEMO_HOST } })
    ).json();
    expect(mails[0]).toMatchObject({ to: 'member@demo.test', subject: 'Reset your Demo password' });
    expect(mails[0].text).toMatch(/\/reset\?token=/);
  });
});

describe('GET /dev/mailbox from another machine', () => {
  it('answers 404 to a connection that is not from this machine, whatever its headers say', async () => {
    const res = await t.app.inject({
      url: '/dev/mailbox?format=json',
      headers: { host: DEMO_HOST, 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'The demo mailbox is only shown on this machine (set DEV_MAILBOX_PUBLIC=1 to share it)',
    });
    const local = await t.app.inject({ url: '/dev/mailbox?format=json', remoteAddress: '::1' });
    expect(local.statusCode).toBe(200);
  });

  it('answers everyone with DEV_MAILBOX_PUBLIC=1', async () => {
    const shared = await buildTestApp({ DEV_MAILBOX_PUBLIC: '1' });
    try {
      const res = await shared.app.inject({ url: '/dev/mailbox?format=json', remoteAddress: '203.0.113.9' });
      expect(res.statusCode).toBe(200);
    } finally {
      await shared.close();
    }
  });
});

describe('GET /dev/mailbox (RALLY_DEMO=0)', () => {
  it('is not registered', async () => {
    const prod = await buildTestApp({ RALLY_DEMO: '0' });
    try {
      expect(prod.ctx.config.devMailbox).toBe(false);
      // Nothing is seeded without demo mode; a client must exist for any request to be served.
      await prod.ctx.db.insert(clients).values({ name: 'Solo', isDefault: true });
      const res = await prod.app.inject({ url: '/dev/mailbox', headers: { host: DEMO_HOST } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'No route GET /dev/mailbox' });
    } finally {
      await prod.close();
    }
  });
});
