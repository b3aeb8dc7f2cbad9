import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { mailLocale, renderMail } from '../../../lib/mail-texts.ts';
import { findUserByEmail } from '../../users/users.repository.ts';
import { issueEmailToken } from '../email-tokens.ts';

/**
 * POST /api/password-reset: mails an active account of the client a reset link on the client's own domain
 * (`linkOrigin`; null sends nothing). Only the newest link works: a new request voids the ones before it. Says
 * nothing about whether the account exists. Written in the account's language.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  client: { clientId: string; name: string; linkOrigin: string | null },
  email: string,
): Promise<void> {
  const { clientId, linkOrigin } = client;
  const user = await findUserByEmail(ctx.db, { clientId, email });
  if (!user?.isActive || !user.email || !linkOrigin) return;
  const token = await withTransaction(ctx.db, (tx) =>
    issueEmailToken(tx, user, 'reset', { replacePrevious: true }),
  );
  await ctx.mailer.send({
    clientId,
    to: user.email,
    ...renderMail('reset', mailLocale(user.locale), {
      client: client.name,
      link: `${linkOrigin}/reset?token=${token}`,
    }),
  });
}
