import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser, headersFor, nextAddress, unique } from '../../test/factories.ts';

let t: TestApp;
let demoId: string;
beforeAll(async () => {
  t = await buildTestApp();
  demoId = (await clientIds(t.ctx.db)).demo;
});
afterAll(() => t.close());

// Failed logins are limited per address too, so every request comes from an address of its own.

const login = (payload: unknown, opts: { host?: string; remoteAddress?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { host: opts.host ?? DEMO_HOST },
    remoteAddress: opts.remoteAddress ?? nextAddress(),
    payload: payload as object,
  });

const sessionCount = async () => (await t.ctx.db.select({ n: count() }).from(sessions))[0]!.n;

describe('POST /api/login', () => {
  it('answers 400 naming the field for malformed or incomplete input, and starts no session', async () => {
    const before = await sessionCount();
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { host: DEMO_HOST, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/JSON/);

    const cases: [unknown, RegExp][] = [
      [{ email: 'member@demo.test' }, /Password is required/],
      [{ password: DEMO_PASSWORD }, /Email is required/],
      [{ email: 42, password: DEMO_PASSWORD }, /Email/],
      [{ email: 'not-an-email', password: DEMO_PASSWORD }, /Email must be a valid email address/],
      [
        { email: `${'a'.repeat(250)}@demo.test`, password: DEMO_PASSWORD },
        /Email must be 254 characters or less/,
      ],
      [{ email: 'member@demo.test', password: 12345678 }, /Password/],
      [{ email: 'member@demo.test', password: 'x'.repeat(201) }, /Password/],
    ];
    for (const [payload, message] of cases) {
      const res = await login(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await sessionCount()).toBe(before);
  });

  it('answers 401 with one message for a wrong password and an unknown email', async () => {
    const before = await sessionCount();
    const wrong = await login({ email: 'member@demo.test', password: 'not-the-password' });
    const unknown = await login({ email: 'nobody@demo.test', password: DEMO_PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Email or password is incorrect' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await sessionCount()).toBe(before);
  });

  it('does not let a user of another client log in on this host', async () => {
    const res = await login({ email: 'member@acme.test', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Email or password is incorrect' });
    expect(
      (await login({ email: 'member@acme.test', password: DEMO_PASSWORD }, { host: ACME_HOST })).statusCode,
    ).toBe(200);
  });

  it('answers 403 not_active for a deactivated account with the right password', async () => {
    const user = await createUser(t.ctx.db, { clientId: demoId, isActive: false });
    const res = await login({ email: user.email, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: "This account has been deactivated. Contact your program's admins.",
      code: 'not_active',
    });
  });

  it('answers {user, token} and an HttpOnly SameSite=Lax session cookie that alone opens /api/me', async () => {
    const res = await login({ email: 'member@demo.test', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const { user, token } = res.json();
    expect(user).toMatchObject({ email: 'member@demo.test', role: 'USER', first_name: 'Maya' });
    expect(user.client.name).toBe('Demo');
    expect(user.membership).toEqual([expect.objectContaining({ name: 'Marketing' })]);
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^rally=${token};`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');

    const viaCookie = await t.app.inject({
      url: '/api/me',
      headers: { host: DEMO_HOST },
      cookies: { rally: token },
    });
    expect(viaCookie.statusCode).toBe(200);
    expect(viaCookie.json().user.id).toBe(user.id);
    const viaBearer = await t.app.inject({ url: '/api/me', headers: headersFor(token) });
    expect(viaBearer.json().user.id).toBe(user.id);
    // Only the token's hash is stored.
    const [stored] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id)).limit(1);
    expect(stored!.tokenHash).not.toBe(token);
  });

  it('treats the email case-insensitively and ignores surrounding spaces', async () => {
    const res = await login({ email: '  Member@DEMO.test ', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('member@demo.test');
  });

  it('a successful login clears the failures of the account', async () => {
    const user = await createUser(t.ctx.db, { clientId: demoId });
    const address = nextAddress();
    for (let i = 0; i < 4; i++)
      await login({ email: user.email, password: 'wrong-password' }, { remoteAddress: address });
    expect(
      (await login({ email: user.email, password: DEMO_PASSWORD }, { remoteAddress: address })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await login({ email: user.email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    expect((await login({ email: user.email, password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('blocks an address after 20 failures across accounts, but not other addresses', async () => {
    const address = nextAddress();
    for (let i = 0; i < 20; i++) {
      const res = await login(
        { email: `${unique('probe')}@demo.test`, password: 'guess' },
        { remoteAddress: address },
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login(
      { email: 'member@demo.test', password: DEMO_PASSWORD },
      { remoteAddress: address },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
    const elsewhere = await login(
      { email: 'member@demo.test', password: DEMO_PASSWORD },
      { remoteAddress: nextAddress() },
    );
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('POST /api/logout', () => {
  it('answers 200 without a session and clears the cookie', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { host: DEMO_HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(String(res.headers['set-cookie'])).toMatch(/^rally=;/);
  });

  it('revokes the bearer session: the token answers 401 afterwards, other sessions live on', async () => {
    const token = await t.login('member@demo.test');
    const other = await t.login('member@demo.test');
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: headersFor(token) });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^rally=;/);
    expect((await t.app.inject({ url: '/api/me', headers: headersFor(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/me', headers: headersFor(other) })).statusCode).toBe(200);
    // A second logout with the dead token is still fine.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/logout', headers: headersFor(token) })).statusCode,
    ).toBe(200);
  });

  it('revokes a cookie session sent from the same origin', async () => {
    const token = await t.login('member@demo.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { host: DEMO_HOST, origin: `http://${DEMO_HOST}` },
      cookies: { rally: token },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/me', headers: { host: DEMO_HOST }, cookies: { rally: token } }))
        .statusCode,
    ).toBe(401);
  });

  it("does not revoke another client's session presented on this host", async () => {
    const acmeToken = await t.login('member@acme.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: headersFor(acmeToken, DEMO_HOST),
    });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/me', headers: headersFor(acmeToken, ACME_HOST) });
    expect(me.statusCode).toBe(200);
  });
});
