import type { AppContext } from '../../../context.ts';
import { mailLocale, renderMail } from '../../../lib/mail-texts.ts';
import { findUserByEmail } from '../../users/users.repository.ts';
import { issueEmailToken } from '../email-tokens.ts';

/**
 * POST /api/verify/resend: mails an account of the client still waiting for verification a new link on the
 * client's own domain (`linkOrigin`; null sends nothing). Says nothing about whether the account exists.
 */
export async function resendVerification(
  ctx: AppContext,
  client: { clientId: string; name: string; linkOrigin: string | null },
  email: string,
): Promise<void> {
  const { clientId, linkOrigin } = client;
  const user = await findUserByEmail(ctx.db, { clientId, email });
  if (!user?.email || user.emailVerifiedAt || !linkOrigin) return;
  const token = await issueEmailToken(ctx.db, user, 'verify');
  await ctx.mailer.send({
    clientId,
    to: user.email,
    ...renderMail('verify_again', mailLocale(user.locale), {
      client: client.name,
      link: `${linkOrigin}/verify?token=${token}`,
    }),
  });
}
