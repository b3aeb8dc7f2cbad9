import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { badRequest } from '../../../lib/errors.ts';
import { hashPassword } from '../../../lib/secrets.ts';
import { revokeEmailTokens, revokeUserSessions } from '../../users/credentials.repository.ts';
import { setUserPassword } from '../../users/users.repository.ts';
import { consumeEmailToken } from '../email-tokens.ts';
import { clearLoginThrottle } from './authenticate-password.ts';

/**
 * POST /api/password-reset/confirm: uses the emailed reset token once and sets the new password (the link
 * proves the address, so it also counts as verification); every other reset link of the account and every
 * session of it end, and the account's login failures are forgotten. Throws 400 for an unknown, used or
 * expired token.
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
    const row = await setUserPassword(tx, { clientId, userId, passwordHash });
    // Every other reset link of the account dies with this one.
    await revokeEmailTokens(tx, { clientId, userId, kind: 'reset' });
    await revokeUserSessions(tx, { clientId, userId });
    return row;
  });
  await ctx.sessions.invalidateUser(userId);
  if (user?.email) await clearLoginThrottle(ctx, clientId, user.email, request.ip);
}
