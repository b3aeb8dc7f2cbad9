import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clientDomains } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createUser, headersFor, mailsTo } from '../../test/factories.ts';
import { type FakeDns, startFakeDns } from '../../test/fake-dns.ts';
import { DOMAIN_VERIFY_LIMIT } from './domains.routes.ts';

/** Custom domains on /admin/general (ADMIN only): add, DNS records, verify through DNS, primary, remove. */

const APP_HOST = 'app.rally.test';
const URL = '/api/admin/client/domains';
let t: TestApp;
let dns: FakeDns;
let ids: { demo: string; acme: string };
let tokens: { admin: string; member: string; lead: string; acmeAdmin: string };

beforeAll(async () => {
  dns = await startFakeDns();
  t = await buildTestApp({ DNS_SERVERS: dns.address, APP_HOST });
  ids = await clientIds(t.ctx.db);
  const [admin, member, lead, acmeAdmin] = await Promise.all(
    ['admin@demo.test', 'member@demo.test', 'lead@demo.test', 'admin@acme.test'].map((e) => t.login(e)),
  );
  tokens = { admin: admin!, member: member!, lead: lead!, acmeAdmin: acmeAdmin! };
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const send = (method: Method, url: string, token: string, host = DEMO_HOST, payload?: object) =>
  t.app.inject({ method, url, headers: headersFor(token, host), ...(payload ? { payload } : {}) });
/** Acme's admin, on Acme's host. */
const acme = (method: Method, url: string, payload?: object) =>
  send(method, url, tokens.acmeAdmin, ACME_HOST, payload);
const domainRows = () => t.ctx.db.select().from(clientDomains);
const rowOf = async (host: string) => (await domainRows()).find((r) => r.host === host);
const servedAs = async (host: string) =>
  (await t.app.inject({ url: '/api/bootstrap', headers: { host } })).json().client.name as string;
const auditOf = (action: string, host: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, host)));

describe('/api/admin/client/domains', () => {
  it('answers 401 without a valid session of this client, on every call', async () => {
    await expectSessionRequired(t, { url: URL });
    await expectSessionRequired(t, { method: 'POST', url: URL, payload: { host: 'a.example.com' } });
    await expectSessionRequired(t, { method: 'POST', url: `${URL}/localhost/verify` });
    await expectSessionRequired(t, { method: 'POST', url: `${URL}/localhost/primary` });
    await expectSessionRequired(t, { method: 'DELETE', url: `${URL}/localhost` });
  });

  it('answers 400 naming host for anything but a bare domain name, and adds nothing', async () => {
    const before = (await domainRows()).length;
    for (const [host, message] of [
      [undefined, 'Host is required'],
      ['   ', 'Host is required'],
      ['https://community.example.com', 'Host must be the domain name only, without http:// or https://'],
      ['community.example.com/join', 'Host must be the domain name only, without a path'],
      ['community.example.com:8443', 'Host must be the domain name only, without a port'],
      ['203.0.113.7', 'Host must be a domain name, not an IP address'],
      ['[2001:db8::1]', 'Host must be a domain name, not an IP address'],
      ['community', 'Host must be a domain name such as community.example.com'],
      ['bad_name.example.com', 'Host must be a domain name such as community.example.com'],
      ['-start.example.com', 'Host must be a domain name such as community.example.com'],
      [`${'abcdefghij'.repeat(6)}.`.repeat(5).concat('com'), 'Host must be 253 characters or less'],
      [`${'a'.repeat(64)}.example.com`, 'Host must be a domain name such as community.example.com'],
      [APP_HOST, `Host cannot be ${APP_HOST} or one of its subdomains: they belong to the app itself`],
      [
        `acme.${APP_HOST.toUpperCase()}`,
        `Host cannot be ${APP_HOST} or one of its subdomains: they belong to the app itself`,
      ],
    ] as const) {
      const res = await send('POST', URL, tokens.admin, DEMO_HOST, host === undefined ? {} : { host });
      expect(res.statusCode, String(host)).toBe(400);
      expect(res.json().message, String(host)).toBe(message);
    }
    const extra = await send('POST', URL, tokens.admin, DEMO_HOST, { host: 'ok.example.com', other: 1 });
    expect(extra.statusCode).toBe(400);
    expect((await domainRows()).length).toBe(before);
  });

  it('answers 403 to everyone but admins, and changes nothing', async () => {
    const analyst = await createUser(t.ctx.db, { clientId: ids.demo, role: 'ANALYST' });
    const before = await domainRows();
    for (const token of [tokens.member, tokens.lead, await t.login(analyst.email!)]) {
      for (const [method, url, payload] of [
        ['GET', URL],
        ['POST', URL, { host: 'lead.example.com' }],
        ['POST', `${URL}/localhost/verify`],
        ['POST', `${URL}/localhost/primary`],
        ['DELETE', `${URL}/localhost`],
      ] as const) {
        const res = await send(method, url, token, DEMO_HOST, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe("You are not allowed to change this app's settings");
      }
    }
    expect(await domainRows()).toEqual(before);
  });

  it("answers 404 for another client's domain or an unknown one", async () => {
    for (const [method, url] of [
      ['POST', `${URL}/localhost/verify`],
      ['POST', `${URL}/localhost/primary`],
      ['DELETE', `${URL}/localhost`],
      ['DELETE', `${URL}/nobody.example.com`],
    ] as const) {
      const res = await acme(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Domain not found' });
    }
    expect(await rowOf(DEMO_HOST)).toMatchObject({ clientId: ids.demo, isPrimary: true });
    const list = await acme('GET', URL);
    expect(list.json().domains.map((d: { host: string }) => d.host)).toEqual([ACME_HOST]);
  });

  it('adds a pending domain with its DNS records, an audit row and a background check; 409 when taken', async () => {
    const res = await acme('POST', URL, { host: '  Community.Acme-Brand.TEST. ' });
    expect(res.statusCode, res.body).toBe(201);
    const domain = res.json().domain;
    const token = (await rowOf('community.acme-brand.test'))!.verificationToken!;
    expect(token).toMatch(/^rally-verify-[0-9a-f]{32}$/);
    expect(domain).toMatchObject({
      host: 'community.acme-brand.test',
      is_primary: false,
      status: 'pending',
      verified_at: null,
      records: [
        {
          type: 'TXT',
          name: '_rally-verification.community.acme-brand.test',
          value: token,
          purpose: 'verification',
        },
        { type: 'CNAME', name: 'community.acme-brand.test', value: APP_HOST, purpose: 'routing' },
      ],
      abilities: { can_verify: true, can_make_primary: false, can_remove: true },
    });
    expect(await auditOf('client.domain_add', 'community.acme-brand.test')).toHaveLength(1);
    const list = (await acme('GET', URL)).json();
    expect(list.app_host).toBe(APP_HOST);
    expect(list.domains.map((d: { host: string; status: string }) => [d.host, d.status])).toEqual([
      [ACME_HOST, 'verified'],
      ['community.acme-brand.test', 'pending'],
    ]);

    const again = await acme('POST', URL, { host: 'community.acme-brand.test' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This domain is already one of this program’s domains');
    const other = await send('POST', URL, tokens.admin, DEMO_HOST, { host: 'COMMUNITY.acme-brand.test' });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(
      'This domain is already used by another program. Remove it there first, or choose another one.',
    );
    expect((await rowOf('community.acme-brand.test'))!.clientId).toBe(ids.acme);
  });

  it('stores a name in another script as punycode and shows it as typed', async () => {
    const res = await send('POST', URL, tokens.admin, DEMO_HOST, { host: 'Bücher.example' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().domain).toMatchObject({
      host: 'xn--bcher-kva.example',
      display_host: 'bücher.example',
    });
    expect(res.json().domain.records[0].name).toBe('_rally-verification.xn--bcher-kva.example');
  });

  it('verifies through DNS: missing, wrong value, then found; the host serves the client only once verified', async () => {
    const host = 'community.acme-brand.test';
    const txt = `_rally-verification.${host}`;
    const token = (await rowOf(host))!.verificationToken!;
    const verify = () => acme('POST', `${URL}/${host}/verify`);
    // Unverified: the host is an unknown one (the default client, Demo, with no mail sent for it).
    expect(await servedAs(host)).toBe('Demo');

    const missing = await verify();
    expect(missing.statusCode, missing.body).toBe(200);
    expect(missing.json().check).toMatchObject({
      verified: false,
      message: `TXT record not found at ${txt}`,
      txt: { name: txt, expected: token, found: [], error: null },
      routing: { name: host, expected: APP_HOST, ok: false },
    });
    expect(missing.json().domain).toMatchObject({
      status: 'pending',
      last_error: `TXT record not found at ${txt}`,
    });
    expect(missing.json().domain.last_checked_at).not.toBeNull();

    dns.set('TXT', txt, ['something-else']);
    dns.set('CNAME', host, [`${APP_HOST}.`]);
    const wrong = (await verify()).json();
    expect(wrong.check.verified).toBe(false);
    expect(wrong.check.message).toBe(
      `The TXT record at ${txt} holds "something-else", not the expected value "${token}"`,
    );
    expect(wrong.check.routing).toMatchObject({ found: [APP_HOST], ok: true });
    expect(await servedAs(host)).toBe('Demo');
    expect(await auditOf('client.domain_verify', host)).toHaveLength(0);

    dns.set('TXT', txt, ['something-else', token]);
    const found = await verify();
    expect(found.json().check).toMatchObject({ verified: true, txt: { found: ['something-else', token] } });
    expect(found.json().domain).toMatchObject({
      status: 'verified',
      last_error: null,
      abilities: { can_verify: false, can_make_primary: true, can_remove: true },
    });
    expect(await auditOf('client.domain_verify', host)).toHaveLength(1);
    expect(await servedAs(host)).toBe('Acme');
    expect(dns.questions).toContain(`TXT ${txt}`);

    // A verified domain stays verified when the record goes away later.
    dns.set('TXT', txt, []);
    expect((await verify()).json().domain.status).toBe('verified');
    expect(await auditOf('client.domain_verify', host)).toHaveLength(1);
  });

  it('makes only a verified domain primary, and links then use it', async () => {
    await acme('POST', URL, { host: 'pending.acme-brand.test' });
    const refused = await acme('POST', `${URL}/pending.acme-brand.test/primary`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Verify this domain before making it the primary one');

    const res = await acme('POST', `${URL}/community.acme-brand.test/primary`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().domain).toMatchObject({ host: 'community.acme-brand.test', is_primary: true });
    expect((await rowOf(ACME_HOST))!.isPrimary).toBe(false);
    expect(await auditOf('client.domain_primary', 'community.acme-brand.test')).toHaveLength(1);

    // A reset requested on Acme's old host links to the new primary domain, whatever the request's Host.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      headers: { host: ACME_HOST },
      payload: { email: 'member@acme.test' },
    });
    expect(reset.statusCode).toBe(200);
    const mail = (await mailsTo(t.ctx.db, 'member@acme.test')).at(-1)!;
    expect(mail.text).toContain('http://community.acme-brand.test:3000/reset?token=');
  });

  it('removes a domain with an audit row, but never the host in use nor the last verified one', async () => {
    const inUse = await acme('DELETE', `${URL}/${ACME_HOST}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(
      'You are using the app on this domain: open it on another of its domains to remove this one',
    );
    const pending = await acme('DELETE', `${URL}/pending.acme-brand.test`);
    expect(pending.statusCode, pending.body).toBe(200);
    expect(await rowOf('pending.acme-brand.test')).toBeUndefined();
    expect(await auditOf('client.domain_remove', 'pending.acme-brand.test')).toHaveLength(1);

    // Removing the primary from Acme's other host: links fall back to the remaining verified domain.
    expect((await acme('DELETE', `${URL}/community.acme-brand.test`)).statusCode).toBe(200);
    expect(await servedAs('community.acme-brand.test')).toBe('Demo');
    const last = await acme('DELETE', `${URL}/${ACME_HOST}`);
    expect(last.statusCode).toBe(409);
    const list = (await acme('GET', URL)).json();
    expect(list.domains).toHaveLength(1);
    expect(list.domains[0].abilities.can_remove).toBe(false);
  });

  it('limits DNS checks per client: 429 with Retry-After once the window is used up', async () => {
    const url = `${URL}/xn--bcher-kva.example/verify`;
    for (let i = 0; i < DOMAIN_VERIFY_LIMIT.max; i += 1) {
      expect((await send('POST', url, tokens.admin)).statusCode).toBe(200);
    }
    const refused = await send('POST', url, tokens.admin);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many DNS checks. Wait a few minutes, then verify again.');
    expect(refused.headers['retry-after']).toBe(String(DOMAIN_VERIFY_LIMIT.windowMs / 1000));
    // Another client's checks are counted apart.
    expect((await acme('POST', `${URL}/${ACME_HOST}/verify`)).statusCode).toBe(409);
  });
});
