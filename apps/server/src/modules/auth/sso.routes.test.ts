import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ssoConnections, ssoFlows, teamMembers, users } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createTeam, createUser, headersFor, unique } from '../../test/factories.ts';
import { followToApp, startTestIdp, type TestIdp } from '../../test/oidc-idp.ts';

/**
 * Single sign-on through OpenID Connect (issue 24), against a real provider (oidc-provider) on loopback: the admin
 * settings (ADMIN only, the secret sealed and never answered), and sign-in through /api/sso/start and the
 * callback — just-in-time members with their groups' team and role, linking by verified email, and every refused
 * answer (replayed, forged, pushed into another browser, wrong client, unknown person, deactivated) landing on /sso?error=… with nothing created.
 */
let t: TestApp;
let idp: TestIdp;
let ids: { demo: string; acme: string };
let tokens: { admin: string; member: string; lead: string; acmeAdmin: string };
let redirectUri: string;
let sales: { id: string };

const SECRET_PLAIN = 'rally-test-secret-0123456789abcdef';
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
    lead: await t.login('lead@demo.test'),
    acmeAdmin: await t.login('admin@acme.test'),
  };
  redirectUri = (await call('GET', '/api/admin/sso', tokens.admin)).json().redirect_uri;
  const acmeUri = (await call('GET', '/api/admin/sso', tokens.acmeAdmin, undefined, ACME_HOST)).json()
    .redirect_uri;
  idp = await startTestIdp([redirectUri, acmeUri]);
  sales = await createTeam(t.ctx.db, { clientId: ids.demo, name: unique('SSO Sales ') });
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

const settings = (over: Record<string, unknown> = {}) => ({
  display_name: 'Demo Okta',
  issuer: idp.issuer,
  client_id: idp.clientId,
  client_secret: SECRET_PLAIN,
  scopes: 'openid email profile groups',
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

/** Starts a sign-in as a browser would; answers the provider's answer back to the app and the browser's cookie. */
async function startFlow(sub: string, { to = '/projects', host = DEMO_HOST } = {}) {
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/sso/start?to=${encodeURIComponent(to)}&login_hint=${encodeURIComponent(sub)}`,
    headers: { host },
  });
  expect(start.statusCode, start.body).toBe(302);
  const flow = [start.cookies].flat().find((c) => c.name === 'rally_sso');
  expect(flow?.httpOnly).toBe(true);
  const back = await followToApp(start.headers.location as string, new URL(redirectUri).origin);
  return { back, browser: `rally_sso=${flow!.value}` };
}

/** The provider's answer arriving at the app, in the browser with `cookie` (none: another browser). */
const callback = (back: URL, cookie?: string, host = DEMO_HOST) =>
  t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { host, ...(cookie ? { cookie } : {}) },
  });

/** Signs `sub` in through the provider as a browser would; answers where the app sent it and the session cookie. */
async function signIn(sub: string, options: { to?: string; host?: string } = {}) {
  const { back, browser } = await startFlow(sub, options);
  const answer = await callback(back, browser, options.host);
  const cookie = [answer.cookies].flat().find((c) => c.name === 'rally');
  return {
    status: answer.statusCode,
    location: answer.headers.location,
    cookie: cookie?.value,
    back,
    browser,
  };
}

const usersWithEmail = (email: string) =>
  t.ctx.db
    .select()
    .from(users)
    .where(and(eq(users.clientId, ids.demo), eq(users.email, email)));

describe('/api/admin/sso', () => {
  it('answers 401 without a session and 403 to a member and a team lead', async () => {
    await expectSessionRequired(t, { method: 'GET', url: '/api/admin/sso' });
    for (const token of [tokens.member, tokens.lead]) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await call(method, '/api/admin/sso', token, method === 'PUT' ? settings() : undefined);
        expect(res.statusCode, `${method} as a non-admin`).toBe(403);
        expect(res.json().message).toBe('You are not allowed to manage single sign-on');
      }
    }
    expect(await t.ctx.db.select().from(ssoConnections)).toEqual([]);
  });

  it('answers 400 naming what is wrong, and saves nothing', async () => {
    const acmeTeam = await createTeam(t.ctx.db, { clientId: ids.acme });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ issuer: 'ftp://login.example.com' }, /Issuer URL must start with https/],
      [{ issuer: 'http://login.example.com' }, /Issuer URL must be an https address/],
      [{ display_name: '' }, /Name is required/],
      [{ scopes: 'email profile' }, /Scopes must include openid/],
      [{ mode: 'always' }, /mode must be optional or required/],
      [{ group_rules: [{ group: 'x' }] }, /must give a team, a role or both/],
      [{ group_rules: [{ group: 'x', team_id: acmeTeam.id }] }, /every team_id must be a team of this app/],
      [{ group_rules: [{ group: 'x', role: 'APPLICANT' }] }, /role must be USER, ANALYST or ADMIN/],
      [{ mode: 'required' }, /Choose a break-glass admin/],
      [
        { mode: 'required', break_glass_user_id: (await createUser(t.ctx.db, { clientId: ids.demo })).id },
        /must be an active admin/,
      ],
      [{ extra: true }, /extra/],
    ];
    for (const [over, message] of cases) {
      const res = await call('PUT', '/api/admin/sso', tokens.admin, settings(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await t.ctx.db.select().from(ssoConnections)).toEqual([]);
  });

  it('saves the settings with the secret sealed, never answers it, and keeps it when a save omits it', async () => {
    const saved = await configure();
    expect(saved.redirect_uri).toBe(redirectUri);
    expect(saved.sso).toMatchObject({
      display_name: 'Demo Okta',
      issuer: idp.issuer,
      has_client_secret: true,
    });
    expect(JSON.stringify(saved)).not.toContain(SECRET_PLAIN);
    const [row] = await t.ctx.db.select().from(ssoConnections).where(eq(ssoConnections.clientId, ids.demo));
    expect(row!.clientSecret).not.toContain(SECRET_PLAIN);
    expect(t.ctx.secrets.open(row!.clientSecret!)).toBe(SECRET_PLAIN);

    const { client_secret: _omitted, ...withoutSecret } = settings({ display_name: 'Demo SSO' });
    const again = await call('PUT', '/api/admin/sso', tokens.admin, withoutSecret);
    expect(again.json().sso).toMatchObject({ display_name: 'Demo SSO', has_client_secret: true });
    const [kept] = await t.ctx.db.select().from(ssoConnections).where(eq(ssoConnections.clientId, ids.demo));
    expect(t.ctx.secrets.open(kept!.clientSecret!)).toBe(SECRET_PLAIN);
    const read = await call('GET', '/api/admin/sso', tokens.admin);
    expect(read.body).not.toContain(SECRET_PLAIN);
    // The login page learns the company sign-in's name from the client, and nothing else of it.
    const boot = await t.app.inject({ url: '/api/bootstrap', headers: { host: DEMO_HOST } });
    expect(boot.json().client.sso).toEqual({ name: 'Demo SSO', required: false });
    // Another client's admin sees their own (none), not Demo's.
    const acme = await call('GET', '/api/admin/sso', tokens.acmeAdmin, undefined, ACME_HOST);
    expect(acme.json().sso).toBeNull();
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'sso.created'));
    expect(JSON.stringify(audit)).not.toContain(SECRET_PLAIN);
  });
});

describe('signing in through the provider', () => {
  beforeAll(async () => {
    await configure();
  });

  it('makes a new person a member just in time, in the team and role their groups map to', async () => {
    const email = `${unique('ana')}@corp.example`;
    idp.person({
      sub: email,
      email,
      email_verified: true,
      given_name: 'Ana',
      family_name: 'Ruiz',
      groups: ['sales', 'leads'],
    });
    const done = await signIn(email, { to: '/projects?x=1' });
    expect(done.status).toBe(302);
    expect(done.location).toBe('/projects?x=1');
    expect(done.cookie).toBeTruthy();
    const me = await t.app.inject({
      url: '/api/me',
      headers: { host: DEMO_HOST, cookie: `rally=${done.cookie}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email, first_name: 'Ana', last_name: 'Ruiz', role: 'ANALYST' });
    const [user] = await usersWithEmail(email);
    expect(user!.passwordHash).toBeNull();
    expect(user!.emailVerifiedAt).not.toBeNull();
    // Not onboarded: the onboarding gate of SPEC 4 applies as after a password login.
    expect(user!.onboardedAt).toBeNull();
    const teams = await t.ctx.db.select().from(teamMembers).where(eq(teamMembers.userId, user!.id));
    expect(teams.map((m) => m.teamId)).toEqual([sales.id]);

    // The next sign-in applies the groups again: out of sales and leads, out of the team and back to USER.
    idp.person({ sub: email, email, email_verified: true, groups: [] });
    expect((await signIn(email)).status).toBe(302);
    const [after] = await usersWithEmail(email);
    expect(after!.role).toBe('USER');
    expect(await t.ctx.db.select().from(teamMembers).where(eq(teamMembers.userId, user!.id))).toEqual([]);
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it('links an existing member by a verified email, and refuses an unverified one unless its domain is vouched for', async () => {
    const member = await createUser(t.ctx.db, {
      clientId: ids.demo,
      email: `${unique('kim')}@partner.example`,
    });
    const sub = unique('kim-sub');
    idp.person({ sub, email: member.email!, email_verified: false });
    const refused = await signIn(sub);
    expect(refused.location).toBe('/sso?error=unverified_email');
    expect(refused.cookie).toBeUndefined();

    await configure({ email_domains: ['partner.example'] });
    const linked = await signIn(sub);
    expect(linked.location).toBe('/projects');
    const me = await t.app.inject({
      url: '/api/me',
      headers: { host: DEMO_HOST, cookie: `rally=${linked.cookie}` },
    });
    expect(me.json().user.id).toBe(member.id);
    await configure();
  });

  it('refuses a replayed, a forged and another client’s answer, creating nothing', async () => {
    const email = `${unique('replay')}@corp.example`;
    idp.person({ sub: email, email, email_verified: true });
    const first = await signIn(email);
    expect(first.status).toBe(302);
    // The same answer again, in the same browser: its state was used.
    const replay = await callback(first.back, first.browser);
    expect(replay.headers.location).toBe('/sso?error=expired');

    const other = `${unique('forged')}@corp.example`;
    idp.person({ sub: other, email: other, email_verified: true });
    const started = await startFlow(other);
    // The answer pushed into another browser (login CSRF): refused, and the flow is left to its own browser.
    const elsewhere = await callback(started.back);
    expect(elsewhere.headers.location).toBe('/sso?error=expired');
    expect([elsewhere.cookies].flat().some((c) => c.name === 'rally')).toBe(false);
    // A forged code with the real state: the provider refuses the code, the app signs no one in.
    const forged = new URL(started.back);
    forged.searchParams.set('code', 'forged-code');
    const bad = await callback(forged, started.browser);
    expect(bad.headers.location).toBe('/sso?error=failed');
    // A made-up state, even with a cookie saying it.
    const madeUp = await callback(
      new URL('http://x/api/sso/callback?code=x&state=made-up'),
      'rally_sso=made-up',
    );
    expect(madeUp.headers.location).toBe('/sso?error=expired');
    expect(await usersWithEmail(other)).toEqual([]);

    // A Demo sign-in's answer delivered on Acme's host: no flow of Acme's, nothing created there.
    const third = `${unique('cross')}@corp.example`;
    idp.person({ sub: third, email: third, email_verified: true });
    const demo = await startFlow(third);
    const onAcme = await callback(demo.back, demo.browser, ACME_HOST);
    expect(onAcme.headers.location).toBe('/sso?error=expired');
    const anywhere = await t.ctx.db.select().from(users).where(eq(users.email, third));
    expect(anywhere).toEqual([]);
  });

  it("lets the browser that started a sign-in finish it after another browser's attempt was refused", async () => {
    const email = `${unique('own')}@corp.example`;
    idp.person({ sub: email, email, email_verified: true });
    const { back, browser } = await startFlow(email);
    expect((await callback(back)).headers.location).toBe('/sso?error=expired');
    const own = await callback(back, browser);
    expect(own.headers.location).toBe('/projects');
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it('refuses an unknown person when sign-up is off, and a deactivated member, signing no one in', async () => {
    await configure({ allow_sign_up: false });
    const email = `${unique('nobody')}@corp.example`;
    idp.person({ sub: email, email, email_verified: true });
    const unknown = await signIn(email);
    expect(unknown.location).toBe('/sso?error=no_account');
    expect(await usersWithEmail(email)).toEqual([]);

    const gone = await createUser(t.ctx.db, { clientId: ids.demo, isActive: false });
    idp.person({ sub: gone.email!, email: gone.email!, email_verified: true });
    const deactivated = await signIn(gone.email!);
    expect(deactivated.location).toBe('/sso?error=deactivated');
    expect(deactivated.cookie).toBeUndefined();
    await configure();
  });

  it('sends a start to /sso when the client has no single sign-on, and to the provider with PKCE and a nonce', async () => {
    const acme = await t.app.inject({ url: '/api/sso/start', headers: { host: ACME_HOST } });
    expect(acme.statusCode).toBe(302);
    expect(acme.headers.location).toBe('/sso?error=not_configured');
    const start = await t.app.inject({
      url: '/api/sso/start?to=//evil.example',
      headers: { host: DEMO_HOST },
    });
    const url = new URL(start.headers.location as string);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(redirectUri);
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toBeTruthy();
    // A return path to another site is dropped for home.
    const flows = await t.ctx.db.select().from(ssoFlows).where(eq(ssoFlows.clientId, ids.demo));
    expect(flows.length).toBeGreaterThan(0);
    expect(flows.map((f) => f.returnTo)).not.toContain('//evil.example');
    expect(flows.every((f) => f.returnTo.startsWith('/') && !f.returnTo.startsWith('//'))).toBe(true);
  });
});

describe('POST /api/sso/discover', () => {
  it("answers where a work email's company sign-in starts, on that client's own domain, whatever the host", async () => {
    await configure({ email_domains: ['corp.example'] });
    const post = (payload: object, host = ACME_HOST) =>
      t.app.inject({ method: 'POST', url: '/api/sso/discover', headers: { host }, payload });
    const found = await post({ email: 'Ana@Corp.Example', to: '/chat' });
    expect(found.statusCode, found.body).toBe(200);
    const url = new URL(found.json().url);
    expect(`${url.origin}${url.pathname}`).toBe(redirectUri.replace('/callback', '/start'));
    expect(Object.fromEntries(url.searchParams)).toEqual({ login_hint: 'ana@corp.example', to: '/chat' });
    expect(
      new URL(
        (await post({ email: 'a@corp.example', to: 'https://evil.example' })).json().url,
      ).searchParams.get('to'),
    ).toBe('/');

    const unknown = await post({ email: 'someone@elsewhere.example' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No company sign-in is set up for elsewhere.example');
    const bad = await post({ email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Email must be a valid email address');
    await configure();
  });
});

describe('required single sign-on', () => {
  it('refuses a password login naming the company sign-in, but for the break-glass admin', async () => {
    const admin = await t.ctx.db.select().from(users).where(eq(users.email, 'admin@demo.test'));
    await configure({ mode: 'required', break_glass_user_id: admin[0]!.id });
    const member = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { host: DEMO_HOST },
      payload: { email: 'member@demo.test', password: 'rally-demo' },
    });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({
      message: 'Sign in with Demo Okta: this app uses your company sign-in, not a password.',
      code: 'sso_required',
    });
    const breakGlass = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { host: DEMO_HOST },
      payload: { email: 'admin@demo.test', password: 'rally-demo' },
    });
    expect(breakGlass.statusCode).toBe(200);
    // Acme has no single sign-on: its passwords work.
    const acme = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { host: ACME_HOST },
      payload: { email: 'member@acme.test', password: 'rally-demo' },
    });
    expect(acme.statusCode).toBe(200);
    const boot = await t.app.inject({ url: '/api/bootstrap', headers: { host: DEMO_HOST } });
    expect(boot.json().client.sso).toEqual({ name: 'Demo Okta', required: true });

    const removed = await call('DELETE', '/api/admin/sso', tokens.admin);
    expect(removed.statusCode).toBe(200);
    expect((await call('DELETE', '/api/admin/sso', tokens.admin)).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { host: DEMO_HOST },
      payload: { email: 'member@demo.test', password: 'rally-demo' },
    });
    expect(again.statusCode).toBe(200);
  });
});
