import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ssoConnections, teamMembers, users } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createTeam, createUser, headersFor, unique } from '../../test/factories.ts';
import { type AnswerInput, samlKeyPair, startTestSamlIdp, type TestSamlIdp } from '../../test/saml-idp.ts';

/**
 * Single sign-on through SAML 2.0 (issue 24), against a stand-in identity provider on loopback that signs its
 * answers with a key made for this run: the admin settings from the provider's metadata (XML or URL) and the app's
 * own metadata, and sign-in through /api/sso/start and the ACS — just-in-time members with their groups' team and
 * role, and every refused answer (tampered, unsigned or signed by another key, expired, for another audience,
 * recipient or provider, replayed, unsolicited, pushed into another browser, for another client, an unknown person
 * with sign-up off) landing on /sso?error=… with nothing created.
 */
let t: TestApp;
let idp: TestSamlIdp;
let ids: { demo: string; acme: string };
let tokens: { admin: string; member: string; acmeAdmin: string };
let sp: { entity_id: string; acs_url: string; metadata_url: string };
let sales: { id: string };

const call = (
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
  host = DEMO_HOST,
) => t.app.inject({ method, url, headers: headersFor(token, host), payload });

beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  tokens = {
    admin: await t.login('admin@demo.test'),
    member: await t.login('member@demo.test'),
    acmeAdmin: await t.login('admin@acme.test'),
  };
  sp = (await call('GET', '/api/admin/sso', tokens.admin)).json().saml_sp;
  idp = await startTestSamlIdp();
  sales = await createTeam(t.ctx.db, { clientId: ids.demo, name: unique('SAML Sales ') });
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

const settings = (over: Record<string, unknown> = {}) => ({
  protocol: 'saml',
  display_name: 'Demo Entra',
  saml_metadata_xml: idp.metadataXml,
  group_rules: [
    { group: 'sales', team_id: sales.id, role: null },
    { group: 'leads', team_id: null, role: 'ANALYST' },
  ],
  ...over,
});

async function configure(over: Record<string, unknown> = {}) {
  const res = await call('PUT', '/api/admin/sso', tokens.admin, settings(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const usersWithEmail = (email: string) =>
  t.ctx.db
    .select()
    .from(users)
    .where(and(eq(users.clientId, ids.demo), eq(users.email, email)));

/** Starts a sign-in as a browser would: the request the provider receives, and the browser's flow cookie. */
async function startFlow({ to = '/projects', host = DEMO_HOST } = {}) {
  const start = await t.app.inject({ url: `/api/sso/start?to=${encodeURIComponent(to)}`, headers: { host } });
  expect(start.statusCode, start.body).toBe(302);
  const location = start.headers.location as string;
  expect(location.startsWith(`${idp.ssoUrl}?`), location).toBe(true);
  const flow = [start.cookies].flat().find((c) => c.name === 'rally_saml');
  expect(flow).toMatchObject({ httpOnly: true, secure: true, sameSite: 'None', path: '/api/sso/saml' });
  const request = await idp.readRequest(location);
  return { request, browser: `rally_saml=${flow!.value}` };
}

/** The provider's form post arriving at the ACS, in the browser with `cookie` (none: another browser). */
const post = (fields: { SAMLResponse: string; RelayState: string }, cookie?: string, host = DEMO_HOST) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sso/saml/acs',
    headers: {
      host,
      'content-type': 'application/x-www-form-urlencoded',
      // The provider's page posts it: another site.
      origin: new URL(idp.ssoUrl).origin,
      ...(cookie ? { cookie } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });

/** A whole sign-in: the answer for `person` made by `over` from the request, posted back in the same browser. */
async function signIn(
  person: Pick<AnswerInput, 'nameId' | 'attributes'>,
  over: Partial<AnswerInput> = {},
  options: { to?: string } = {},
) {
  const { request, browser } = await startFlow(options);
  const fields = {
    SAMLResponse: idp.answer({
      ...person,
      inResponseTo: request.id,
      acsUrl: request.acsUrl,
      audience: request.issuer,
      ...over,
    }),
    RelayState: request.relayState,
  };
  const res = await post(fields, browser);
  const cookie = [res.cookies].flat().find((c) => c.name === 'rally');
  return { status: res.statusCode, location: res.headers.location, cookie: cookie?.value, fields, browser };
}

describe('the app as a SAML service provider', () => {
  it("publishes its metadata on the client's own domain, with the entity ID and ACS the admin page shows", async () => {
    // On the same configured origin as the OpenID Connect callback, never the request's Host.
    const { redirect_uri } = (await call('GET', '/api/admin/sso', tokens.admin)).json();
    const origin = new URL(redirect_uri).origin;
    expect(sp).toEqual({
      entity_id: `${origin}/api/sso/saml/metadata`,
      acs_url: `${origin}/api/sso/saml/acs`,
      metadata_url: `${origin}/api/sso/saml/metadata`,
    });
    const res = await t.app.inject({ url: '/api/sso/saml/metadata', headers: { host: DEMO_HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    expect(res.body).toContain(`entityID="${sp.entity_id}"`);
    expect(res.body).toContain(`Location="${sp.acs_url}"`);
    expect(res.body).toContain('WantAssertionsSigned="true"');
    // Acme's is its own, on its own host.
    const acmeSp = (await call('GET', '/api/admin/sso', tokens.acmeAdmin, undefined, ACME_HOST)).json()
      .saml_sp;
    expect(acmeSp.entity_id).not.toBe(sp.entity_id);
    const acme = await t.app.inject({ url: '/api/sso/saml/metadata', headers: { host: ACME_HOST } });
    expect(acme.body).toContain(`entityID="${acmeSp.entity_id}"`);
    // Never on a host that is not a client's own (the address would come from the request).
    const stray = await t.app.inject({ url: '/api/sso/saml/metadata', headers: { host: 'stray.example' } });
    expect(stray.statusCode).toBe(404);
  });
});

describe('/api/admin/sso with SAML', () => {
  it('answers 400 naming what is wrong with the metadata, and saves nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ saml_metadata_xml: undefined }, /Give the identity provider's metadata/],
      [{ saml_metadata_xml: '<nope' }, /not well-formed XML/],
      [
        { saml_metadata_xml: '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
        /must not contain a DOCTYPE/,
      ],
      [{ saml_metadata_xml: '<EntityDescriptor entityID="x"/>' }, /describes no identity provider/],
      [
        {
          saml_metadata_xml: idp.metadataXml.replace(/<md:SingleSignOnService[^>]*HTTP-Redirect[^>]*\/>/, ''),
        },
        /no sign-in address for the HTTP-Redirect binding/,
      ],
      [
        { saml_metadata_xml: idp.metadataXml.replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, '') },
        /no signing certificate/,
      ],
      [
        { saml_metadata_xml: idp.metadataXml.replace(/(<ds:X509Certificate>)[^<]*/, '$1bm90IGEgY2VydA==') },
        /not a valid X\.509 certificate/,
      ],
      [
        { saml_metadata_xml: undefined, saml_metadata_url: 'http://login.example.com/metadata' },
        /Metadata URL must be an https address/,
      ],
      [{ saml_metadata_url: idp.metadataUrl }, /Give the metadata XML or its URL, not both/],
      [
        { saml_metadata_xml: undefined, saml_metadata_url: `${new URL(idp.metadataUrl).origin}/missing` },
        /The metadata URL answered 404/,
      ],
      [{ protocol: 'ldap' }, /protocol must be oidc or saml/],
    ];
    for (const [over, message] of cases) {
      const res = await call('PUT', '/api/admin/sso', tokens.admin, settings(over));
      expect(res.statusCode, JSON.stringify(over).slice(0, 120)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await t.ctx.db.select().from(ssoConnections)).toEqual([]);
    // Members cannot set it.
    const member = await call('PUT', '/api/admin/sso', tokens.member, settings());
    expect(member.statusCode).toBe(403);
  });

  it('reads the provider from its metadata XML or URL, shows its certificate, and keeps it on a save without', async () => {
    const saved = await configure();
    expect(saved.sso).toMatchObject({
      protocol: 'saml',
      issuer: idp.entityId,
      client_id: null,
      has_client_secret: false,
      saml: { entity_id: idp.entityId, sso_url: idp.ssoUrl, metadata_url: null },
    });
    const [certificate] = saved.sso.saml.certificates;
    expect(certificate.subject).toBe('CN=Rally Test IdP');
    expect(certificate.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(new Date(certificate.expires_at).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);

    const byUrl = await configure({ saml_metadata_xml: undefined, saml_metadata_url: idp.metadataUrl });
    expect(byUrl.sso.saml).toMatchObject({ entity_id: idp.entityId, metadata_url: idp.metadataUrl });
    // A save that gives no metadata keeps the provider (renaming the button, say).
    const renamed = await configure({ saml_metadata_xml: undefined, display_name: 'Demo Azure' });
    expect(renamed.sso).toMatchObject({ display_name: 'Demo Azure', issuer: idp.entityId });
    expect(renamed.sso.saml.metadata_url).toBe(idp.metadataUrl);
    const boot = await t.app.inject({ url: '/api/bootstrap', headers: { host: DEMO_HOST } });
    expect(boot.json().client.sso).toEqual({ name: 'Demo Azure', required: false });
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'sso.updated'));
    expect(audit.at(-1)!.data).toMatchObject({ protocol: 'saml', issuer: idp.entityId });
    await configure();
  });
});

describe('signing in through SAML', () => {
  beforeAll(async () => {
    await configure();
  });

  it('makes a new person a member just in time, in the team and role their groups map to, and goes on where they were going', async () => {
    const email = `${unique('sam')}@corp.example`;
    const person = {
      nameId: email,
      attributes: {
        'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname': 'Sam',
        'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname': 'Lee',
        'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups': ['sales', 'leads'],
      },
    };
    const done = await signIn(person, {}, { to: '/projects?x=1' });
    expect(done.status).toBe(303);
    expect(done.location).toBe('/projects?x=1');
    const me = await t.app.inject({
      url: '/api/me',
      headers: { host: DEMO_HOST, cookie: `rally=${done.cookie}` },
    });
    expect(me.json().user).toMatchObject({ email, first_name: 'Sam', last_name: 'Lee', role: 'ANALYST' });
    const [user] = await usersWithEmail(email);
    expect(user!.passwordHash).toBeNull();
    expect(user!.onboardedAt).toBeNull();
    const teams = await t.ctx.db.select().from(teamMembers).where(eq(teamMembers.userId, user!.id));
    expect(teams.map((m) => m.teamId)).toEqual([sales.id]);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sso.sign_in'), eq(auditLog.target, user!.id)));
    expect(audit!.data).toMatchObject({ protocol: 'saml', issuer: idp.entityId, how: 'created' });

    // The next sign-in applies the groups again; the same NameID is the same member.
    expect((await signIn({ nameId: email, attributes: { groups: [] } })).status).toBe(303);
    const [after] = await usersWithEmail(email);
    expect(after!.role).toBe('USER');
    expect(await t.ctx.db.select().from(teamMembers).where(eq(teamMembers.userId, user!.id))).toEqual([]);
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it('reads the attributes the client names, and links an existing member only when the client vouches for the domain', async () => {
    const member = await createUser(t.ctx.db, {
      clientId: ids.demo,
      email: `${unique('kay')}@partner.example`,
    });
    const person = { nameId: unique('kay-id'), attributes: { work_mail: member.email!, first: 'Kay' } };
    await configure({ claims: { email: 'work_mail', first_name: 'first' } });
    // SAML has no "email verified": an existing account is not linked on the provider's word alone.
    const refused = await signIn(person);
    expect(refused.location).toBe('/sso?error=unverified_email');
    expect(refused.cookie).toBeUndefined();
    await configure({
      claims: { email: 'work_mail', first_name: 'first' },
      email_domains: ['partner.example'],
    });
    const linked = await signIn(person);
    expect(linked.location).toBe('/projects');
    const me = await t.app.inject({
      url: '/api/me',
      headers: { host: DEMO_HOST, cookie: `rally=${linked.cookie}` },
    });
    expect(me.json().user.id).toBe(member.id);
    await configure();
  });

  it('refuses a tampered, unsigned, foreign-signed, expired, wrong-audience, wrong-recipient or wrong-issuer answer, creating nothing', async () => {
    const other = await samlKeyPair('Someone Else');
    const email = `${unique('bad')}@corp.example`;
    const cases: [string, Partial<AnswerInput>][] = [
      ['tampered', { tamper: (xml) => xml.replace(email, `x${email}`) }],
      ['unsigned', { unsigned: true }],
      ['signed by another key', { signWith: other }],
      ['expired', { validForSeconds: -600 }],
      ['for another audience', { audience: 'https://other.example/saml' }],
      ['for another recipient', { recipient: 'https://other.example/acs' }],
      ['to another destination', { destination: 'https://other.example/acs' }],
      ['from another provider', { issuer: 'https://evil.example/idp' }],
    ];
    for (const [what, over] of cases) {
      const res = await signIn({ nameId: email }, over);
      expect(res.location, what).toBe('/sso?error=failed');
      expect(res.cookie, what).toBeUndefined();
    }
    expect(await usersWithEmail(email)).toEqual([]);
  });

  it('refuses a replayed, an unsolicited, an unmatched and another browser’s answer, and another client’s', async () => {
    const email = `${unique('replay')}@corp.example`;
    const first = await signIn({ nameId: email });
    expect(first.status).toBe(303);
    // The same answer posted again, in the same browser: its request was answered.
    const replay = await post(first.fields, first.browser);
    expect(replay.headers.location).toBe('/sso?error=expired');

    const other = `${unique('unsolicited')}@corp.example`;
    const { request, browser } = await startFlow();
    const good = { nameId: other, acsUrl: request.acsUrl, audience: request.issuer };
    // Started at the provider (no InResponseTo), or answering another request: refused.
    const unsolicited = await post(
      { SAMLResponse: idp.answer(good), RelayState: request.relayState },
      browser,
    );
    expect(unsolicited.headers.location).toBe('/sso?error=failed');
    const next = await startFlow();
    const unmatched = await post(
      {
        SAMLResponse: idp.answer({ ...good, inResponseTo: '_someone-elses' }),
        RelayState: next.request.relayState,
      },
      next.browser,
    );
    expect(unmatched.headers.location).toBe('/sso?error=failed');
    // Pushed into another browser (login CSRF): refused, whatever the answer.
    const third = await startFlow();
    const answer = {
      SAMLResponse: idp.answer({ ...good, inResponseTo: third.request.id }),
      RelayState: third.request.relayState,
    };
    expect((await post(answer)).headers.location).toBe('/sso?error=expired');
    // Delivered on Acme's host: no flow of Acme's, nothing created there.
    expect((await post(answer, third.browser, ACME_HOST)).headers.location).toBe('/sso?error=expired');
    expect(await t.ctx.db.select().from(users).where(eq(users.email, other))).toEqual([]);
    // No form at all.
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/sso/saml/acs',
      headers: { host: DEMO_HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(empty.headers.location).toBe('/sso?error=expired');
  });

  it('refuses an unknown person when sign-up is off, and a deactivated member', async () => {
    await configure({ allow_sign_up: false });
    const email = `${unique('nobody')}@corp.example`;
    expect((await signIn({ nameId: email })).location).toBe('/sso?error=no_account');
    expect(await usersWithEmail(email)).toEqual([]);
    // A deactivated member stays out even when the client vouches for their email's domain.
    await configure({ allow_sign_up: false, email_domains: ['corp.example'] });
    const gone = await createUser(t.ctx.db, {
      clientId: ids.demo,
      email: `${unique('gone')}@corp.example`,
      isActive: false,
    });
    const deactivated = await signIn({ nameId: gone.email! });
    expect(deactivated.location).toBe('/sso?error=deactivated');
    expect(deactivated.cookie).toBeUndefined();
    await configure();
  });

  it('is off for a client whose single sign-on is disabled, and Acme has none', async () => {
    const acme = await t.app.inject({ url: '/api/sso/start', headers: { host: ACME_HOST } });
    expect(acme.headers.location).toBe('/sso?error=not_configured');
    const { request, browser } = await startFlow();
    await configure({ enabled: false });
    const res = await post(
      {
        SAMLResponse: idp.answer({
          nameId: `${unique('off')}@corp.example`,
          inResponseTo: request.id,
          acsUrl: request.acsUrl,
          audience: request.issuer,
        }),
        RelayState: request.relayState,
      },
      browser,
    );
    expect(res.headers.location).toBe('/sso?error=not_configured');
    await configure();
  });
});
