import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import {
  headersFor,
  mailsTo,
  nextAddress,
  tokenFromMail,
  unique,
  userByEmail,
} from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const newAccount = (overrides: Record<string, unknown> = {}) => ({
  email: `${unique('new')}@example.test`,
  password: 'long-enough-pw',
  first_name: 'Nina',
  last_name: 'New',
  ...overrides,
});
const post = (url: string, payload: unknown, host = DEMO_HOST) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { host },
    payload: payload as object,
    remoteAddress: nextAddress(),
  });
const login = (email: string, password: string) => post('/api/login', { email, password });
const userCount = async () => (await t.ctx.db.select({ n: count() }).from(users))[0]!.n;
const mailCount = async () => (await t.ctx.db.select({ n: count() }).from(mailOutbox))[0]!.n;

describe('POST /api/accounts', () => {
  it('answers 400 naming the field and creates nothing', async () => {
    const [usersBefore, mailsBefore] = [await userCount(), await mailCount()];
    const cases: [unknown, RegExp][] = [
      [newAccount({ password: 'short' }), /Password must be at least 8 characters/],
      [newAccount({ password: 'x'.repeat(201) }), /Password must be 200 characters or less/],
      [newAccount({ email: 'nope' }), /Email must be a valid email address/],
      [newAccount({ first_name: '   ' }), /First name is required/],
      [newAccount({ last_name: 'x'.repeat(81) }), /Last name must be 80 characters or less/],
      [newAccount({ first_name: 7 }), /first_name/],
      [{}, /Email is required/],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/accounts', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: { host: DEMO_HOST, 'content-type': 'application/json' },
      payload: '{"email":"a@b.co",',
    });
    expect(malformed.statusCode).toBe(400);
    expect([await userCount(), await mailCount()]).toEqual([usersBefore, mailsBefore]);
  });

  it('answers 403 not_open on a client without feature open', async () => {
    const body = newAccount();
    const res = await post('/api/accounts', body, ACME_HOST);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Creating an account is not available for this app',
      code: 'not_open',
    });
    expect(await mailsTo(t.ctx.db, body.email)).toHaveLength(0);
    await expect(userByEmail(t.ctx.db, body.email)).rejects.toThrow();
  });

  it('answers 409 for an email already in use, in any case, and keeps the account as it was', async () => {
    const before = await userByEmail(t.ctx.db, 'member@demo.test');
    const res = await post('/api/accounts', newAccount({ email: 'MEMBER@demo.test' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('email_taken');
    expect(await userByEmail(t.ctx.db, 'member@demo.test')).toEqual(before);
    expect(await mailsTo(t.ctx.db, 'member@demo.test')).toHaveLength(0);
  });

  it('lets the same email sign up on another client', async () => {
    // Acme has no feature open, so check the other direction: an Acme address on Demo.
    const res = await post('/api/accounts', newAccount({ email: 'member@acme.test' }));
    expect(res.statusCode).toBe(201);
  });

  it('creates an unverified USER and mails a /verify link; login is refused until verified', async () => {
    const body = newAccount({ email: `  ${unique('Case')}@Example.test ` });
    const email = body.email.trim().toLowerCase();
    const res = await post('/api/accounts', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Check your email to verify your account.' });
    const row = await userByEmail(t.ctx.db, email);
    expect(row).toMatchObject({
      email,
      role: 'USER',
      firstName: 'Nina',
      lastName: 'New',
      emailVerifiedAt: null,
    });
    expect(row.passwordHash).toMatch(/^scrypt\$/);

    const mails = await mailsTo(t.ctx.db, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Verify your email for Demo');
    expect(mails[0]!.text).toMatch(new RegExp(`http://${DEMO_HOST}:3000/verify\\?token=[A-Za-z0-9_-]{40,}`));

    const wrong = await login(email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    const unverified = await login(email, body.password);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({
      message: 'Check your email to verify your account first',
      code: 'email_unverified',
    });
  });
});

describe('POST /api/verify', () => {
  it('answers 400 for a missing, short or unknown token', async () => {
    for (const payload of [{}, { token: 'short' }, { token: 'x'.repeat(201) }]) {
      const res = await post('/api/verify', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/token/);
    }
    const unknown = await post('/api/verify', { token: 'a'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: 'This verification link is invalid or has expired.',
      code: 'invalid_token',
    });
  });

  it('answers 400 for a token of another client, and leaves the account unverified', async () => {
    const body = newAccount();
    await post('/api/accounts', body);
    const token = await tokenFromMail(t.ctx.db, body.email, 'verify');
    const res = await post('/api/verify', { token }, ACME_HOST);
    expect(res.statusCode).toBe(400);
    expect((await userByEmail(t.ctx.db, body.email)).emailVerifiedAt).toBeNull();
    // The token was not used up by the refused attempt.
    expect((await post('/api/verify', { token })).statusCode).toBe(200);
  });

  it('verifies the email with the mailed token, answers {user, token} and a cookie; the token works once', async () => {
    const body = newAccount();
    await post('/api/accounts', body);
    const token = await tokenFromMail(t.ctx.db, body.email, 'verify');
    const res = await post('/api/verify', { token });
    expect(res.statusCode).toBe(200);
    const { user, token: session } = res.json();
    expect(user.email).toBe(body.email);
    expect(user.email_verified_at).not.toBeNull();
    expect(String(res.headers['set-cookie'])).toMatch(/^rally=.+HttpOnly/);
    expect((await t.app.inject({ url: '/api/me', headers: headersFor(session) })).json().user.id).toBe(
      user.id,
    );
    expect((await login(body.email, body.password)).statusCode).toBe(200);

    const again = await post('/api/verify', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_token');
  });

  it('refuses an expired token', async () => {
    const body = newAccount();
    await post('/api/accounts', body);
    const token = await tokenFromMail(t.ctx.db, body.email, 'verify');
    await t.ctx.db.execute(sql`update email_tokens set expires_at = now() - interval '1 minute'
      where user_id = (select id from users where email = ${body.email})`);
    expect((await post('/api/verify', { token })).statusCode).toBe(400);
    expect((await userByEmail(t.ctx.db, body.email)).emailVerifiedAt).toBeNull();
  });
});

describe('POST /api/verify/resend', () => {
  it('answers the same for any address, and mails a new link only to an unverified account', async () => {
    const body = newAccount();
    await post('/api/accounts', body);
    const message = { message: 'If that account is waiting for verification, we sent a new link.' };
    for (const email of [body.email, 'member@demo.test', 'nobody@demo.test']) {
      const res = await post('/api/verify/resend', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(message);
    }
    expect(await mailsTo(t.ctx.db, body.email)).toHaveLength(2);
    expect(await mailsTo(t.ctx.db, 'member@demo.test')).toHaveLength(0);
    expect(await mailsTo(t.ctx.db, 'nobody@demo.test')).toHaveLength(0);
    // Both links work until one is used.
    const token = await tokenFromMail(t.ctx.db, body.email, 'verify');
    expect((await post('/api/verify', { token })).statusCode).toBe(200);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, body.email));
    expect(user!.emailVerifiedAt).not.toBeNull();
  });
});
