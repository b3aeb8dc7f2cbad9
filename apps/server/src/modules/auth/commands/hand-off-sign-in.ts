import { HANDOFF_TTL_SECONDS } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { forbidden, tooManyRequests, unauthorized } from '../../../lib/errors.ts';
import { hashToken, newToken } from '../../../lib/secrets.ts';
import type { SessionUserRow } from '../../users/users.repository.ts';
import { insertHandoff, takeHandoff } from '../handoff.repository.ts';

const WINDOW_MS = 15 * 60_000;
/** Failed redemptions per address in the window before the address is refused (as failed logins are). */
export const MAX_HANDOFF_FAILURES_PER_ADDRESS = 20;
/** Codes one member may ask for in the window. */
const MAX_CODES_PER_MEMBER = 30;

/** The member state a handoff passes on: the gates of a password login (a guest has no login to pass on). */
function refuseUnlessMayLogIn(user: { isGhost: boolean; isActive: boolean; emailVerified: boolean }) {
  if (user.isGhost) throw forbidden('Log in with your account first', 'guest');
  if (!user.isActive)
    throw forbidden("This account has been deactivated. Contact your program's admins.", 'not_active');
  if (!user.emailVerified)
    throw forbidden('Check your email to verify your account first', 'email_unverified');
}

/**
 * A one-time code that hands the signed-in member's sign-in to another window of the same client's app (issue 24:
 * the Microsoft Teams tab signs in through a pop-up). Valid HANDOFF_TTL_SECONDS, stored as a hash. Refuses guests,
 * deactivated and unverified accounts as a password login does.
 */
export async function createHandoff(ctx: AppContext, user: SessionUserRow): Promise<string> {
  refuseUnlessMayLogIn({ isGhost: user.is_ghost, isActive: true, emailVerified: !!user.email_verified_at });
  if ((await ctx.limiter.hit(`handoff:create:${user.id}`, WINDOW_MS)) > MAX_CODES_PER_MEMBER)
    throw tooManyRequests('Too many sign-in requests. Try again later.');
  const code = newToken();
  await insertHandoff(ctx.db, {
    clientId: user.client_id,
    userId: user.id,
    codeHash: hashToken(code),
    expiresAt: new Date(Date.now() + HANDOFF_TTL_SECONDS * 1000),
  });
  return code;
}

/**
 * Trades a handoff code of the client for its member (once). Unknown, used, run-out and other clients' codes answer
 * 401 and count against the address like failed logins; an address with too many failures is refused (429).
 */
export async function redeemHandoff(ctx: AppContext, clientId: string, ip: string, code: string) {
  const failuresKey = `handoff:fail:${ip}`;
  if ((await ctx.limiter.count(failuresKey)) >= MAX_HANDOFF_FAILURES_PER_ADDRESS)
    throw tooManyRequests('Too many failed sign-ins. Try again later.', WINDOW_MS / 1000);
  const user = await takeHandoff(ctx.db, { clientId, codeHash: hashToken(code) });
  if (!user) {
    await ctx.limiter.hit(failuresKey, WINDOW_MS);
    throw unauthorized('This sign-in has expired. Sign in again.', 'handoff_invalid');
  }
  refuseUnlessMayLogIn({ ...user, emailVerified: user.emailVerifiedAt !== null });
  return user;
}
