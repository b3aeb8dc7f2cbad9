import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { badRequest } from '../../../lib/errors.ts';
import { hashPassword } from '../../../lib/secrets.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { revokeEmailTokens } from '../../users/credentials.repository.ts';
import { setUserPassword } from '../../users/users.repository.ts';
import { emitMemberJoined } from '../../webhooks/webhooks.events.ts';
import { consumeEmailToken } from '../email-tokens.ts';

/**
 * POST /api/invitations/accept: uses the emailed invitation token once and sets the invited person's password (the
 * link proves the address, so it also verifies it) and emits member.joined; answers the user id to sign in. Throws
 * 400 for an unknown, used, expired or revoked invitation.
 */
export async function acceptInvitation(
  ctx: AppContext,
  clientId: string,
  body: { token: string; password: string },
): Promise<string> {
  // Hashed before the token is used: scrypt is slow on purpose and must not hold the database.
  const passwordHash = await hashPassword(body.password);
  const userId = await withTransaction(ctx.db, async (tx) => {
    const id = await consumeEmailToken(tx, { clientId, kind: 'invite', token: body.token });
    if (!id) return null;
    await setUserPassword(tx, { clientId, userId: id, passwordHash });
    await revokeEmailTokens(tx, { clientId, userId: id, kind: 'invite' });
    await insertAudit(tx, { clientId, entry: { userId: id, action: 'user.invite_accept', target: id } });
    await emitMemberJoined(tx, { clientId, userId: id, via: 'invitation' });
    return id;
  });
  if (!userId) {
    throw badRequest(
      'This invitation link is invalid or has expired. Ask the program admins for a new one.',
      'invalid_token',
    );
  }
  return userId;
}
