import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDomains } from '../../db/schema/index.ts';
import { buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser, mailsTo, nextAddress, tokenFromMail } from '../../test/factories.ts';
import { issueEmailToken } from './email-tokens.ts';

// Links in mail are built on the client's own configured domain (client_domains), never on the request's Host:
// otherwise anyone could have a member's reset link point at their own site and take the account over.

let t: TestApp;
let demoId: string;
beforeAll(async () => {
  t = await buildTestApp();
  demoId = (await clientIds(t.ctx.db)).demo;
  // A second, not primary domain of Demo: its links still name the primary one.
  await t.ctx.db.insert(clientDomains).values({ host: 'demo-alias.test', clientId: demoId });
  t.app.invalidateTenants();
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = { host: DEMO_HOST }) =>
  t.app.inject({ method: 'POST', url, headers, payload, remoteAddress: nextAddress() });
const linksIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

describe('links in mail follow the client’s own domain', () => {
  it('ignores a forged Host: a host of no client answers as usual and sends no mail', async () => {
    const user = await createUser(t.ctx.db, { clientId: demoId });
    const res = await post('/api/password-reset', { email: user.email }, { host: 'evil.example:3000' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'If an account exists for that email, we sent a link to reset the password.',
    });
    expect(await mailsTo(t.ctx.db, user.email!)).toHaveLength(0);

    const unverified = await createUser(t.ctx.db, { clientId: demoId, emailVerifiedAt: null });
    const resend = await post('/api/verify/resend', { email: unverified.email }, { host: 'evil.example' });
    expect(resend.statusCode).toBe(200);
    expect(await mailsTo(t.ctx.db, unverified.email!)).toHaveLength(0);
  });

  it('builds reset and verification links on the primary domain, whatever host or forwarded host asked', async () => {
    const user = await createUser(t.ctx.db, { clientId: demoId });
    await post('/api/password-reset', { email: user.email }, { host: 'demo-alias.test' });
    await post(
      '/api/password-reset',
      { email: user.email },
      { host: DEMO_HOST, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    );
    const unverified = await createUser(t.ctx.db, { clientId: demoId, emailVerifiedAt: null });
    await post('/api/verify/resend', { email: unverified.email }, { host: 'demo-alias.test' });
    const mails = [
      ...(await mailsTo(t.ctx.db, user.email!)),
      ...(await mailsTo(t.ctx.db, unverified.email!)),
    ];
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      const links = linksIn(mail.text);
      expect(links).toHaveLength(1);
      expect(links[0]).toMatch(/^http:\/\/localhost:3000\/(reset|verify)\?token=[A-Za-z0-9_-]{40,}$/);
    }
  });

  it('uses PUBLIC_SCHEME and PUBLIC_PORT for the links, and marks the session cookie Secure over https', async () => {
    const https = await buildTestApp({ PUBLIC_SCHEME: 'https', PUBLIC_PORT: '443' });
    try {
      const { demo } = await clientIds(https.ctx.db);
      const user = await createUser(https.ctx.db, { clientId: demo });
      await https.app.inject({
        method: 'POST',
        url: '/api/password-reset',
        headers: { host: DEMO_HOST },
        payload: { email: user.email },
      });
      expect(await tokenFromMail(https.ctx.db, user.email!, 'reset')).toBeTruthy();
      const [mail] = await mailsTo(https.ctx.db, user.email!);
      expect(linksIn(mail!.text)[0]).toMatch(/^https:\/\/localhost\/reset\?token=/);
      const login = await https.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { host: DEMO_HOST },
        payload: { email: 'member@demo.test', password: 'rally-demo' },
      });
      expect(String(login.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await https.close();
    }
  });

  it('sends no links for a client without any domain', async () => {
    await t.ctx.db.delete(clientDomains).where(eq(clientDomains.host, 'demo-alias.test'));
    t.app.invalidateTenants();
    const bootstrap = await t.app.inject({ url: '/api/bootstrap', headers: { host: 'demo-alias.test' } });
    // The removed domain now falls back to the default client like any unknown host: no mail from there.
    expect(bootstrap.json().client.name).toBe('Demo');
    const user = await createUser(t.ctx.db, { clientId: demoId });
    await post('/api/password-reset', { email: user.email }, { host: 'demo-alias.test' });
    expect(await mailsTo(t.ctx.db, user.email!)).toHaveLength(0);
  });
});

describe('reset tokens: only the newest works, and a reset voids them all', () => {
  it('a new request voids the older link', async () => {
    const user = await createUser(t.ctx.db, { clientId: demoId });
    await post('/api/password-reset', { email: user.email });
    const older = await tokenFromMail(t.ctx.db, user.email!, 'reset');
    await post('/api/password-reset', { email: user.email });
    const newer = await tokenFromMail(t.ctx.db, user.email!, 'reset');
    expect(newer).not.toBe(older);
    const stale = await post('/api/password-reset/confirm', { token: older, password: 'the-older-link' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe('invalid_token');
    expect(
      (await post('/api/password-reset/confirm', { token: newer, password: 'the-newer-link' })).statusCode,
    ).toBe(200);
  });

  it('a successful reset voids every other outstanding reset token of the account', async () => {
    const user = await createUser(t.ctx.db, { clientId: demoId });
    // Two links outstanding at once (issued side by side, as two instances racing could).
    const first = await issueEmailToken(t.ctx.db, user, 'reset');
    const second = await issueEmailToken(t.ctx.db, user, 'reset');
    expect(
      (await post('/api/password-reset/confirm', { token: second, password: 'used-the-second' })).statusCode,
    ).toBe(200);
    const after = await post('/api/password-reset/confirm', { token: first, password: 'then-the-first' });
    expect(after.statusCode).toBe(400);
    expect(after.json().code).toBe('invalid_token');
  });
});
