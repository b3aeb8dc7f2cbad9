import type { CreateAccountRequest } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { conflict } from '../../../lib/errors.ts';
import { hashPassword } from '../../../lib/secrets.ts';
import { findUserByEmail, insertAccountUser } from '../../users/users.repository.ts';
import { issueEmailToken } from '../email-tokens.ts';

/**
 * POST /api/accounts: creates an unverified USER of the client with a verification token, and mails the link
 * when the request came on the client's own domain (`linkOrigin`; null sends no mail). Throws 409 when the
 * email is taken.
 */
export async function createAccount(
  ctx: AppContext,
  client: { clientId: string; name: string; linkOrigin: string | null },
  body: CreateAccountRequest,
): Promise<void> {
  const { clientId } = client;
  if (await findUserByEmail(ctx.db, { clientId, email: body.email })) {
    throw conflict(
      'An account with this email already exists. Log in or reset your password.',
      'email_taken',
    );
  }
  const passwordHash = await hashPassword(body.password);
  const token = await withTransaction(ctx.db, async (tx) => {
    const user = await insertAccountUser(tx, {
      clientId,
      email: body.email,
      passwordHash,
      firstName: body.first_name,
      lastName: body.last_name,
    });
    return issueEmailToken(tx, user, 'verify');
  });
  if (client.linkOrigin) {
    await ctx.mailer.send({
      clientId,
      to: body.email,
      subject: `Verify your email for ${client.name}`,
      text: `Welcome to ${client.name}!\n\nConfirm your email address to finish creating your account:\n${client.linkOrigin}/verify?token=${token}\n\nThe link works for 7 days.`,
    });
  }
}
