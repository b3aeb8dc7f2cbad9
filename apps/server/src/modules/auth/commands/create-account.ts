import type { CreateAccountRequest } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { conflict } from '../../../lib/errors.ts';
import { mailLocale, renderMail } from '../../../lib/mail-texts.ts';
import { hashPassword } from '../../../lib/secrets.ts';
import { revokeUserSessions } from '../../users/credentials.repository.ts';
import { findUserByEmail, insertAccountUser } from '../../users/users.repository.ts';
import { issueEmailToken } from '../email-tokens.ts';
import { convertGhostUser } from '../guests.repository.ts';

/**
 * POST /api/accounts: creates an unverified USER of the client with a verification token, and mails the link
 * when the request came on the client's own domain (`linkOrigin`; null sends no mail). Throws 409 when the
 * email is taken. From a guest's session (`guestId`) the guest's own row becomes the account, keeping its
 * history, and the guest's sessions end: the account signs in once the email is verified. The language the form
 * was filled in (`locale`) becomes the account's, and the email is written in it.
 */
export async function createAccount(
  ctx: AppContext,
  client: { clientId: string; name: string; linkOrigin: string | null },
  body: CreateAccountRequest,
  guestId: string | null = null,
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
    const fields = {
      clientId,
      email: body.email,
      passwordHash,
      firstName: body.first_name,
      lastName: body.last_name,
      locale: body.locale ?? null,
    };
    const converted = guestId ? await convertGhostUser(tx, { ...fields, userId: guestId }) : undefined;
    if (converted) await revokeUserSessions(tx, { clientId, userId: converted.id });
    const user = converted ?? (await insertAccountUser(tx, fields));
    return issueEmailToken(tx, user, 'verify');
  });
  if (client.linkOrigin) {
    await ctx.mailer.send({
      clientId,
      to: body.email,
      ...renderMail('verify', mailLocale(body.locale), {
        client: client.name,
        link: `${client.linkOrigin}/verify?token=${token}`,
      }),
    });
  }
}
