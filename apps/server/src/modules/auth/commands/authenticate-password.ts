import type { LoginRequest } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { forbidden, tooManyRequests, unauthorized } from '../../../lib/errors.ts';
import { verifyPassword } from '../../../lib/secrets.ts';
import { findUserByEmail } from '../../users/users.repository.ts';

const WINDOW_MS = 15 * 60_000;
/** Failed logins allowed per account, and per address, in the window. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/**
 * Checks email and password for the client, rate-limiting failures per account and per address.
 * Returns the user, or throws 401 (wrong credentials), 403 (inactive or unverified) or 429.
 */
export async function authenticatePassword(
  ctx: AppContext,
  clientId: string,
  ip: string,
  body: LoginRequest,
) {
  const accountKey = `login:acct:${clientId}:${body.email}`;
  const addressKey = `login:ip:${ip}`;
  const [accountFailures, addressFailures] = await Promise.all([
    ctx.limiter.count(accountKey),
    ctx.limiter.count(addressKey),
  ]);
  if (accountFailures >= MAX_FAILURES_PER_ACCOUNT || addressFailures >= MAX_FAILURES_PER_ADDRESS) {
    throw tooManyRequests('Too many failed login attempts. Try again in 15 minutes or reset your password.');
  }
  const user = await findUserByEmail(ctx.db, clientId, body.email);
  const isValid = await verifyPassword(body.password, user?.passwordHash ?? null);
  if (!user || !isValid) {
    await Promise.all([ctx.limiter.hit(accountKey, WINDOW_MS), ctx.limiter.hit(addressKey, WINDOW_MS)]);
    throw unauthorized('Email or password is incorrect');
  }
  if (!user.isActive) throw forbidden('This account is not active', 'not_active');
  if (!user.emailVerifiedAt)
    throw forbidden('Check your email to verify your account first', 'email_unverified');
  await ctx.limiter.reset(accountKey);
  return user;
}
