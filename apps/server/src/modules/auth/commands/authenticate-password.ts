import type { LoginRequest } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { forbidden, tooManyRequests, unauthorized } from '../../../lib/errors.ts';
import { verifyPassword } from '../../../lib/secrets.ts';
import { findUserByEmail } from '../../users/users.repository.ts';
import { mayUsePassword } from '../sso.policy.ts';
import { getSsoConnection } from '../sso.repository.ts';

const WINDOW_MS = 15 * 60_000;
/** Failures of one account from one address before each further one makes that address wait. */
export const FREE_FAILURES_PER_PAIR = 5;
/** Failures of one account from all addresses before addresses it never logged in from must wait. */
export const FREE_FAILURES_PER_ACCOUNT = 10;
/** Failed logins per address across accounts (credential stuffing) before the address is refused. */
export const MAX_FAILURES_PER_ADDRESS = 20;
/** Longest wait a delay grows to. */
const MAX_DELAY_MS = 15 * 60_000;
/** How long an address a member logged in from counts as theirs. */
const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;

/** The 429 of a login that must wait `seconds`, saying how long. */
function tooManyFailures(seconds: number) {
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return tooManyRequests(
    `Too many failed login attempts. Try again in ${wait} or reset your password.`,
    seconds,
  );
}

/** 1 s after the first failure past the free ones, doubling with each further one, up to 15 minutes. */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_DELAY_MS, 1000 * 2 ** Math.min(failures - free, 20));
}

const keysOf = (clientId: string, email: string, ip: string) => {
  const account = `${clientId}:${email.toLowerCase()}`;
  return {
    pair: `login:pair:${account}:${ip}`,
    pairWait: `login:pair-wait:${account}:${ip}`,
    account: `login:acct:${account}`,
    accountWait: `login:acct-wait:${account}`,
    address: `login:ip:${ip}`,
    known: `login:known:${account}:${ip}`,
  };
};

/**
 * Checks email and password for the client. Failures slow guessing without handing anyone a way to lock a
 * member out: each failure past a few makes the same account-and-address pair wait longer (1 s, 2 s, 4 s… up to
 * 15 minutes); many failures of an account from anywhere make only addresses it never logged in from wait, so
 * the right password from the member's usual address still works; an address failing across many accounts is
 * refused for the window. Returns the user, or throws 401 (wrong credentials), 403 (inactive or unverified) or
 * 429 with the seconds to wait.
 */
export async function authenticatePassword(
  ctx: AppContext,
  clientId: string,
  ip: string,
  body: LoginRequest,
) {
  const keys = keysOf(clientId, body.email, ip);
  const [pairWait, accountWait, addressFailures, isKnown] = await Promise.all([
    ctx.limiter.blockedFor(keys.pairWait),
    ctx.limiter.blockedFor(keys.accountWait),
    ctx.limiter.count(keys.address),
    ctx.limiter.count(keys.known).then((n) => n > 0),
  ]);
  const wait = Math.max(pairWait, isKnown ? 0 : accountWait);
  if (wait > 0) throw tooManyFailures(Math.ceil(wait / 1000));
  if (addressFailures >= MAX_FAILURES_PER_ADDRESS) throw tooManyFailures(WINDOW_MS / 1000);

  const [user, sso] = await Promise.all([
    findUserByEmail(ctx.db, { clientId, email: body.email }),
    getSsoConnection(ctx.db, { clientId }),
  ]);
  // Sign-in through the company's provider is required: no password is checked, but the break-glass admin's.
  if (sso && !mayUsePassword(sso, user?.id))
    throw forbidden(
      `Sign in with ${sso.displayName}: this app uses your company sign-in, not a password.`,
      'sso_required',
    );
  const isValid = await verifyPassword(body.password, user?.passwordHash ?? null);
  if (!user || !isValid) {
    const [pairFailures, accountFailures] = await Promise.all([
      ctx.limiter.hit(keys.pair, WINDOW_MS),
      ctx.limiter.hit(keys.account, WINDOW_MS),
      ctx.limiter.hit(keys.address, WINDOW_MS),
    ]);
    const pairDelay = delayAfter(pairFailures, FREE_FAILURES_PER_PAIR);
    const accountDelay = delayAfter(accountFailures, FREE_FAILURES_PER_ACCOUNT);
    await Promise.all([
      pairDelay > 0 ? ctx.limiter.block(keys.pairWait, pairDelay) : undefined,
      accountDelay > 0 ? ctx.limiter.block(keys.accountWait, accountDelay) : undefined,
    ]);
    throw unauthorized('Email or password is incorrect');
  }
  if (!user.isActive) {
    throw forbidden("This account has been deactivated. Contact your program's admins.", 'not_active');
  }
  if (!user.emailVerifiedAt)
    throw forbidden('Check your email to verify your account first', 'email_unverified');
  await Promise.all([
    ctx.limiter.reset(keys.pair),
    ctx.limiter.reset(keys.pairWait),
    ctx.limiter.hit(keys.known, KNOWN_ADDRESS_MS),
  ]);
  return user;
}

/**
 * Forgets an account's failures after its password was reset by email, and the wait of the address the reset
 * came from; other addresses' waits run out on their own.
 */
export async function clearLoginThrottle(ctx: AppContext, clientId: string, email: string, ip: string) {
  const keys = keysOf(clientId, email, ip);
  await Promise.all(
    [keys.account, keys.accountWait, keys.pair, keys.pairWait].map((key) => ctx.limiter.reset(key)),
  );
}
