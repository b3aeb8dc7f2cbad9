import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDomains } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, headersFor, mailsTo, setClientConfig } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const clientName = async (headers: Record<string, string>) =>
  (await t.app.inject({ url: '/api/bootstrap', headers })).json().client.name as string;

describe('tenant resolution by Host', () => {
  it('ignores the port and the case of the host', async () => {
    expect(await clientName({ host: `${ACME_HOST}:8080` })).toBe('Acme');
    expect(await clientName({ host: 'LOCALHOST:3000' })).toBe('Demo');
  });

  it('does not trust X-Forwarded-Host unless configured to trust a proxy', async () => {
    expect(await clientName({ host: DEMO_HOST, 'x-forwarded-host': ACME_HOST })).toBe('Demo');
  });

  it('binds sessions to their client: a token is worthless on the other host', async () => {
    const demo = await t.login('member@demo.test');
    const acme = await t.login('member@acme.test');
    const meStatus = async (token: string, host: string) =>
      (await t.app.inject({ url: '/api/me', headers: headersFor(token, host) })).statusCode;
    // Used on its own host first, so the session is cached; the cache must not serve it to another host.
    expect(await meStatus(demo, DEMO_HOST)).toBe(200);
    expect(await meStatus(acme, ACME_HOST)).toBe(200);
    expect(await meStatus(demo, ACME_HOST)).toBe(401);
    expect(await meStatus(acme, DEMO_HOST)).toBe(401);
    // An unknown host serves the default client (Demo), so a Demo session works there and Acme's does not.
    expect(await meStatus(demo, 'unknown.example')).toBe(200);
    expect(await meStatus(acme, 'unknown.example')).toBe(401);
    // The same token still works on its own host after being refused elsewhere.
    const own = await t.app.inject({ url: '/api/me', headers: headersFor(acme, ACME_HOST) });
    expect(own.json().user.client.name).toBe('Acme');
  });

  it('serves a changed client config once the tenants are invalidated', async () => {
    const { acme } = await clientIds(t.ctx.db);
    await setClientConfig(t.app, t.ctx.db, acme, { primary_color: '#123456' });
    try {
      const res = await t.app.inject({ url: '/api/bootstrap', headers: { host: ACME_HOST } });
      expect(res.json().client.config.primary_color).toBe('#123456');
      const me = await t.app.inject({
        url: '/api/me',
        headers: headersFor(await t.login('member@acme.test'), ACME_HOST),
      });
      expect(me.json().user.client.config.primary_color).toBe('#123456');
    } finally {
      await setClientConfig(t.app, t.ctx.db, acme, { primary_color: '#C2410C' });
    }
  });
});

describe('custom domains serve their client only once verified', () => {
  it('answers on an unverified host as on an unknown one, and as the client once it is verified', async () => {
    const { acme } = await clientIds(t.ctx.db);
    const host = 'pending.acme-tenant.test';
    await t.ctx.db
      .insert(clientDomains)
      .values({ host, clientId: acme, verificationToken: 'x', verifiedAt: null });
    t.app.invalidateTenants();
    const acmeToken = await t.login('member@acme.test');
    const me = async () =>
      (await t.app.inject({ url: '/api/me', headers: headersFor(acmeToken, host) })).statusCode;
    expect(await clientName({ host })).toBe('Demo');
    expect(await me()).toBe(401);
    // Even made primary, an unverified host never carries the client's links.
    await t.ctx.db.update(clientDomains).set({ isPrimary: false }).where(eq(clientDomains.host, ACME_HOST));
    await t.ctx.db.update(clientDomains).set({ isPrimary: true }).where(eq(clientDomains.host, host));
    t.app.invalidateTenants();
    await t.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      headers: { host: ACME_HOST },
      payload: { email: 'member@acme.test' },
    });
    expect((await mailsTo(t.ctx.db, 'member@acme.test')).at(-1)!.text).toContain(`//${ACME_HOST}:`);

    await t.ctx.db.update(clientDomains).set({ verifiedAt: new Date() }).where(eq(clientDomains.host, host));
    t.app.invalidateTenants();
    expect(await clientName({ host })).toBe('Acme');
    expect(await me()).toBe(200);

    await t.ctx.db.delete(clientDomains).where(eq(clientDomains.host, host));
    await t.ctx.db.update(clientDomains).set({ isPrimary: true }).where(eq(clientDomains.host, ACME_HOST));
    t.app.invalidateTenants();
    expect(await clientName({ host })).toBe('Demo');
  });
});

describe('tenant caches are bounded', () => {
  it('keeps at most its bound of hosts, and every unknown host shares the default client’s one entry', async () => {
    const small = await buildTestApp({}, { tenantCacheHosts: 50 });
    try {
      for (let i = 0; i < 300; i += 1) {
        const res = await small.app.inject({
          url: '/api/bootstrap',
          headers: { host: `probe-${i}.example` },
        });
        expect(res.json().client.name).toBe('Demo');
      }
      // A Host far longer than any domain name is not even looked up, nor kept.
      const long = await small.app.inject({
        url: '/api/bootstrap',
        headers: { host: `${'a'.repeat(5000)}.example` },
      });
      expect(long.json().client.name).toBe('Demo');
      expect(small.app.tenantCacheSize()).toEqual({ hosts: 50, clients: 1 });
      // Known hosts still resolve to their own client.
      expect(
        (await small.app.inject({ url: '/api/bootstrap', headers: { host: ACME_HOST } })).json().client.name,
      ).toBe('Acme');
    } finally {
      await small.close();
    }
  });
});
