import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import {
  clientIds,
  createUser,
  headersFor,
  mailsTo,
  nextAddress,
  tokenFromMail,
  userByEmail,
} from '../../test/factories.ts';

let t: TestApp;
let demoId: string;
beforeAll(async () => {
  t = await buildTestApp();
  demoId = (await clientIds(t.ctx.db)).demo;
});
afterAll(() => t.close());

const SENT = { message: 'If an account exists for that email, we sent a link to reset the password.' };
const post = (url: string, payload: unknown, host = DEMO_HOST) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { host },
    payload: payload as object,
    remoteAddress: nextAddress(),
  });
const mailCount = async () => (await t.ctx.db.select({ n: count() }).from(mailOutbox))[0]!.n;

describe('POST /api/password-reset', () => {
  it('answers 400 naming the email for bad input and sends nothing', async () => {
    const before = await mailCount();
    for (const [payload, message] of [
      [{}, /Email is required/],
      [{ email: 'nope' }, /Email must be a valid email address/],
      [{ email: ['member@demo.test'] }, /Email/],
    ] as const) {
      const res = await post('/api/password-reset', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await mailCount()).toBe(before);
  });

  it('answers the same for known and unknown emails, and mails only a known account of this client', async () => {
    const user = await createUser(t.ctx.db, { clientId: demoId });
    const known = await post('/api/password-reset', { email: user.email!.toUpperCase() });
    const unknown = await post('/api/password-reset', { email: 'nobody@demo.test' });
    const otherClient = await post('/api/password-reset', { email: 'member@acme.test' });
    for (const res of [known, unknown, otherClient]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(SENT);
    }
    const mails = await mailsTo(t.ctx.db, user.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reset your Demo password');
    expect(mails[0]!.text).toMatch(new RegExp(`http://${DEMO_HOST}:3000/reset\\?token=[A-Za-z0-9_-]{40,}`));
    expect(await mailsTo(t.ctx.db, 'nobody@demo.test')).toHaveLength(0);
    expect(await mailsTo(t.ctx.db, 'member@acme.test')).toHaveLength(0);
  });

  it('sends nothing to a deactivated account', async () => {
    const user = await createUser(t.ctx.db, { clientId: demoId, isActive: false });
    expect((await post('/api/password-reset', { email: user.email })).json()).toEqual(SENT);
    expect(await mailsTo(t.ctx.db, user.email!)).toHaveLength(0);
  });

  it('limits requests for one account to 5 an hour', async () => {
    const user = await createUser(t.ctx.db, { clientId: demoId });
    for (let i = 0; i < 5; i++)
      expect((await post('/api/password-reset', { email: user.email })).statusCode).toBe(200);
    const limited = await post('/api/password-reset', { email: user.email });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(await mailsTo(t.ctx.db, user.email!)).toHaveLength(5);
  });
});

describe('POST /api/password-reset/confirm', () => {
  it('answers 400 for bad input or an unknown token, and changes no password', async () => {
    const user = await createUser(t.ctx.db, { clientId: demoId });
    await post('/api/password-reset', { email: user.email });
    const token = await tokenFromMail(t.ctx.db, user.email!, 'reset');
    const cases: [unknown, RegExp][] = [
      [{ token, password: 'short' }, /Password must be at least 8 characters/],
      [{ token }, /Password is required/],
      [{ password: 'long-enough-pw' }, /token/],
      [{ token: 'tiny', password: 'long-enough-pw' }, /token is invalid/],
      [{ token: 'a'.repeat(43), password: 'long-enough-pw' }, /This reset link is invalid or has expired/],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/password-reset/confirm', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await userByEmail(t.ctx.db, user.email!)).passwordHash).toBe(user.passwordHash);
    // The real token is still unused after the failed attempts.
    expect(
      (await post('/api/password-reset/confirm', { token, password: 'long-enough-pw' })).statusCode,
    ).toBe(200);
  });

  it("refuses a token on another client's host", async () => {
    const user = await createUser(t.ctx.db, { clientId: demoId });
    await post('/api/password-reset', { email: user.email });
    const token = await tokenFromMail(t.ctx.db, user.email!, 'reset');
    const res = await post('/api/password-reset/confirm', { token, password: 'long-enough-pw' }, ACME_HOST);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_token');
    expect((await userByEmail(t.ctx.db, user.email!)).passwordHash).toBe(user.passwordHash);
  });

  it('sets the new password, revokes every old session, and the token works only once', async () => {
    const user = await createUser(t.ctx.db, { clientId: demoId });
    const oldSession = await t.login(user.email!);
    await post('/api/password-reset', { email: user.email });
    const token = await tokenFromMail(t.ctx.db, user.email!, 'reset');

    const res = await post('/api/password-reset/confirm', { token, password: 'my-new-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been changed. You can log in now.' });
    expect((await t.app.inject({ url: '/api/me', headers: headersFor(oldSession) })).statusCode).toBe(401);

    expect((await post('/api/login', { email: user.email, password: DEMO_PASSWORD })).statusCode).toBe(401);
    const fresh = await post('/api/login', { email: user.email, password: 'my-new-password' });
    expect(fresh.statusCode).toBe(200);

    const reused = await post('/api/password-reset/confirm', { token, password: 'another-password' });
    expect(reused.statusCode).toBe(400);
    expect((await post('/api/login', { email: user.email, password: 'my-new-password' })).statusCode).toBe(
      200,
    );
  });

  it('verifies an unverified account, since the mailed link proves the address', async () => {
    const user = await createUser(t.ctx.db, { clientId: demoId, emailVerifiedAt: null });
    expect((await post('/api/login', { email: user.email, password: DEMO_PASSWORD })).json().code).toBe(
      'email_unverified',
    );
    await post('/api/password-reset', { email: user.email });
    const token = await tokenFromMail(t.ctx.db, user.email!, 'reset');
    expect(
      (await post('/api/password-reset/confirm', { token, password: 'my-new-password' })).statusCode,
    ).toBe(200);
    expect((await post('/api/login', { email: user.email, password: 'my-new-password' })).statusCode).toBe(
      200,
    );
  });
});
