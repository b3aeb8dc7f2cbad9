import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { badRequest } from '../../../lib/errors.ts';
import { markEmailVerified } from '../../users/users.repository.ts';
import { emitMemberJoined } from '../../webhooks/webhooks.events.ts';
import { consumeEmailToken } from '../email-tokens.ts';

/**
 * POST /api/verify: uses the emailed verification token once and marks the account's email verified (the first time,
 * the member has joined: member.joined goes to the client's webhooks). Answers the user id; throws 400 for an
 * unknown, used or expired token.
 */
export async function verifyEmail(ctx: AppContext, clientId: string, token: string): Promise<string> {
  const userId = await withTransaction(ctx.db, async (tx) => {
    const id = await consumeEmailToken(tx, { clientId, kind: 'verify', token });
    if (!id) return null;
    const user = await markEmailVerified(tx, { clientId, userId: id });
    // A new account joins when its email is first verified; an applicant joins when approved.
    if (user && !user.wasVerified && user.role !== 'APPLICANT')
      await emitMemberJoined(tx, { clientId, userId: id, via: 'sign_up' });
    return id;
  });
  if (!userId) throw badRequest('This verification link is invalid or has expired.', 'invalid_token');
  await ctx.sessions.invalidateUser(userId);
  return userId;
}
