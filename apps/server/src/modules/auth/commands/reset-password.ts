import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { badRequest } from '../../../lib/errors.ts';
import { hashPassword } from '../../../lib/secrets.ts';
import { revokeEmailTokens, revokeUserSessions } from '../../users/credentials.repository.ts';
import { findVerificationState, setUserPassword } from '../../users/users.repository.ts';
import { emitMemberJoined } from '../../webhooks/webhooks.events.ts';
import { consumeEmailToken } from '../email-tokens.ts';
import { clearLoginThrottle } from './authenticate-password.ts';

/**
 * POST /api/password-reset/confirm: uses the emailed reset token once and sets the new password (the link proves the
 * address, so it also counts as verification, and a first one as joining: member.joined); every other reset link of
 * the account and every session of it end, and the account's login failures are forgotten. Throws 400 for an
 * unknown, used or expired token.
 */
export async function resetPassword(
  ctx: AppContext,
  request: { clientId: string; ip: string },
  body: { token: string; password: string },
): Promise<void> {
  const { clientId } = request;
  const userId = await consumeEmailToken(ctx.db, { clientId, kind: 'reset', token: body.token });
  if (!userId)
    throw badRequest('This reset link is invalid or has expired. Ask for a new one.', 'invalid_token');
  // Hashed before the transaction: scrypt is slow on purpose and must not hold the database.
  const passwordHash = await hashPassword(body.password);
  const user = await withTransaction(ctx.db, async (tx) => {
    const before = await findVerificationState(tx, { clientId, userId });
    const row = await setUserPassword(tx, { clientId, userId, passwordHash });
    // A reset instead of the verification (or the invitation) link is how this member joins.
    if (before && !before.isVerified && before.role !== 'APPLICANT')
      await emitMemberJoined(tx, { clientId, userId, via: before.isInvited ? 'invitation' : 'sign_up' });
    // Every other reset link of the account dies with this one.
    await revokeEmailTokens(tx, { clientId, userId, kind: 'reset' });
    await revokeUserSessions(tx, { clientId, userId });
    return row;
  });
  await ctx.sessions.invalidateUser(userId);
  if (user?.email) await clearLoginThrottle(ctx, clientId, user.email, request.ip);
}
