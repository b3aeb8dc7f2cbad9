import { type Answers, type ApplicantStatus, type ApplyBody, answersProblems } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { mailLocale, renderMail } from '../../../lib/mail-texts.ts';
import { hashPassword } from '../../../lib/secrets.ts';
import { issueEmailToken } from '../../auth/email-tokens.ts';
import { findUserByEmail } from '../../users/users.repository.ts';
import { findOpenApplication, insertApplicant, insertApplicantUser } from '../applicants.repository.ts';
import { autoDecision } from '../applicants.rules.ts';
import { type MailClient, mailDecision, recordDecision } from './decide-applicant.ts';

const EMAIL_TAKEN =
  'An account with this email already exists. Log in to see your application, or reset your password.';

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

/** Throws 400 naming the first answer that is not acceptable; `skipFiles` while applying (files come after). */
export function checkAnswers(
  questions: Parameters<typeof answersProblems>[0],
  answers: Answers,
  opts: { skipFiles: boolean },
) {
  const problems = Object.values(answersProblems(questions, answers, opts));
  if (problems.length > 0) throw badRequest(problems[0]!, 'invalid_answers');
}

/**
 * POST /api/applications/{id}/applicants: applying without an account. Creates an unverified APPLICANT with the
 * answers (the form's automatic rules may decide at once), mails the verification link through the same path as
 * account creation, and answers the ids to sign the person in with. Throws 404 for a closed or unknown form, 400
 * for a bad answer and 409 when the email already has an account.
 */
export async function submitApplication(
  ctx: AppContext,
  client: MailClient,
  { applicationId, body }: { applicationId: string; body: ApplyBody },
): Promise<{ userId: string; applicantId: string; status: ApplicantStatus }> {
  const { clientId } = client;
  const form = await findOpenApplication(ctx.db, { clientId, applicationId });
  if (!form) throw notFound('This application form does not exist or is closed');
  checkAnswers(form.questions, body.answers, { skipFiles: true });
  if (await findUserByEmail(ctx.db, { clientId, email: body.email }))
    throw conflict(EMAIL_TAKEN, 'email_taken');
  const passwordHash = await hashPassword(body.password);
  const status = autoDecision(form.rules, body.answers, body.email);
  const result = await withTransaction(ctx.db, async (tx) => {
    const user = await insertApplicantUser(tx, {
      clientId,
      email: body.email,
      passwordHash,
      firstName: body.first_name,
      lastName: body.last_name,
      locale: body.locale ?? null,
    });
    const token = await issueEmailToken(tx, user, 'verify');
    const applicantId = await insertApplicant(tx, {
      clientId,
      applicationId,
      userId: user.id,
      answers: body.answers,
    });
    if (status !== 'pending') {
      await recordDecision(tx, {
        clientId,
        applicantId,
        userId: user.id,
        application: { id: form.id, title: form.title, teamIds: form.teamIds },
        status,
        note: null,
        actorId: null,
      });
    }
    return { userId: user.id, applicantId, token };
  }).catch((err: unknown) => {
    // Two submissions with one email at once: the unique index refuses the second.
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, 'email_taken');
    throw err;
  });
  if (client.linkOrigin) {
    await ctx.mailer.send({
      clientId,
      to: body.email,
      ...renderMail('apply_verify', mailLocale(body.locale), {
        client: client.name,
        title: form.title,
        link: `${client.linkOrigin}/verify?token=${result.token}`,
        page: `${client.linkOrigin}/applicants/${result.applicantId}`,
      }),
    });
  }
  if (status !== 'pending') {
    await mailDecision(ctx, client, {
      to: body.email,
      locale: body.locale ?? null,
      status,
      note: null,
      title: form.title,
      applicantId: result.applicantId,
    });
  }
  return { userId: result.userId, applicantId: result.applicantId, status };
}
