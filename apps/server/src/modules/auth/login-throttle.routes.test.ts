import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/demo.ts';
import { buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser, nextAddress, tokenFromMail } from '../../test/factories.ts';
import {
  delayAfter,
  FREE_FAILURES_PER_ACCOUNT,
  FREE_FAILURES_PER_PAIR,
} from './commands/authenticate-password.ts';

let t: TestApp;
let demoId: string;
beforeAll(async () => {
  t = await buildTestApp();
  demoId = (await clientIds(t.ctx.db)).demo;
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { host: DEMO_HOST },
    remoteAddress,
    payload: { email, password },
  });

/** A member who has logged in once from `usual`, so that address counts as theirs. */
async function memberWithUsualAddress() {
  const user = await createUser(t.ctx.db, { clientId: demoId });
  const usual = nextAddress();
  expect((await login(user.email!, DEMO_PASSWORD, usual)).statusCode).toBe(200);
  return { email: user.email!, usual };
}

describe('delayAfter', () => {
  it('is free up to the allowance, then 1 s doubling to at most 15 minutes', () => {
    expect(delayAfter(4, 5)).toBe(0);
    expect(delayAfter(5, 5)).toBe(1000);
    expect(delayAfter(6, 5)).toBe(2000);
    expect(delayAfter(9, 5)).toBe(16_000);
    expect(delayAfter(20, 5)).toBe(15 * 60_000);
    expect(delayAfter(10_000, 5)).toBe(15 * 60_000);
  });
});

describe('POST /api/login throttling (nobody can lock a member out)', () => {
  it('makes one address guessing one account wait longer after each failure past five', async () => {
    const { email, usual } = await memberWithUsualAddress();
    const attacker = nextAddress();
    for (let i = 0; i < FREE_FAILURES_PER_PAIR; i++) {
      expect((await login(email, 'wrong-password', attacker)).statusCode).toBe(401);
    }
    // Even the right password waits there: the address cannot tell a guess from the real thing.
    const slowed = await login(email.toUpperCase(), DEMO_PASSWORD, attacker);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({
      message: 'Too many failed login attempts. Try again in 1 second or reset your password.',
      code: 'rate_limited',
    });
    expect(slowed.headers['retry-after']).toBe('1');
    // The member's own address is not slowed by the attacker's failures.
    expect((await login(email, DEMO_PASSWORD, usual)).statusCode).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await login(email, 'wrong-password', attacker)).statusCode).toBe(401);
    const longer = await login(email, 'wrong-password', attacker);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('2');
  });

  it('slows addresses a member never used once the account fails from many, never the usual one', async () => {
    const { email, usual } = await memberWithUsualAddress();
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT; i++) {
      expect((await login(email, 'wrong-password', nextAddress())).statusCode).toBe(401);
    }
    const stranger = await login(email, DEMO_PASSWORD, nextAddress());
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(email, DEMO_PASSWORD, usual)).statusCode).toBe(200);
  });

  it('a password reset by email lifts the account-wide wait', async () => {
    const { email } = await memberWithUsualAddress();
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT; i++) await login(email, 'wrong-password', nextAddress());
    const elsewhere = nextAddress();
    expect((await login(email, DEMO_PASSWORD, elsewhere)).statusCode).toBe(429);
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      headers: { host: DEMO_HOST },
      remoteAddress: elsewhere,
      payload: { email },
    });
    expect(ask.statusCode).toBe(200);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset/confirm',
      headers: { host: DEMO_HOST },
      remoteAddress: elsewhere,
      payload: { token: await tokenFromMail(t.ctx.db, email, 'reset'), password: 'a-brand-new-password' },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await login(email, 'a-brand-new-password', elsewhere)).statusCode).toBe(200);
  });
});
