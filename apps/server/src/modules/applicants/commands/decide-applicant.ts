import type {
  ApplicantDecision,
  ApplicantStatus,
  BulkDecisionRequest,
  BulkDecisionResponse,
  DecideApplicantRequest,
  NotificationMessageKey,
} from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { mailLocale, renderMail } from '../../../lib/mail-texts.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { englishOf } from '../../notifications/notification-texts.ts';
import { notify } from '../../notifications/notify.ts';
import { addTeamMember } from '../../teams/teams.repository.ts';
import { emitMemberJoined } from '../../webhooks/webhooks.events.ts';
import {
  type ApplicantWithForm,
  countClientTeams,
  findApplicant,
  promoteApplicantUser,
  setApplicantStatus,
} from '../applicants.repository.ts';

/** The client a decision is mailed for, with the origin of its links (null: no mail). */
export interface MailClient {
  clientId: string;
  name: string;
  linkOrigin: string | null;
}

const STATUS_OF: Record<ApplicantDecision, ApplicantStatus> = {
  approve: 'approved',
  reject: 'rejected',
  request_info: 'info_requested',
};

interface DecisionInput {
  clientId: string;
  applicantId: string;
  userId: string;
  application: { id: string; title: string; teamIds: string[] };
  status: ApplicantStatus;
  note: string | null;
  /** The reviewer; null for the form's automatic rules. */
  actorId: string | null;
}

/**
 * Records a decision inside the caller's transaction: the status and note, and for an approval the USER role, the
 * form's teams (those still the client's) and member.joined for the webhooks; an audit row and the applicant's
 * in-app notification. Answers false (and changes nothing) when the application was decided already.
 */
export async function recordDecision(tx: Db, d: DecisionInput): Promise<boolean> {
  const { clientId } = d;
  const changed = await setApplicantStatus(tx, {
    clientId,
    applicantId: d.applicantId,
    status: d.status,
    note: d.note,
    deciderId: d.actorId,
  });
  if (!changed) return false;
  if (d.status === 'approved') {
    await promoteApplicantUser(tx, { clientId, userId: d.userId });
    for (const teamId of d.application.teamIds) {
      if ((await countClientTeams(tx, { clientId, ids: [teamId] })) === 1)
        await addTeamMember(tx, { clientId, teamId, userId: d.userId });
    }
    await emitMemberJoined(tx, { clientId, userId: d.userId, via: 'application' });
  }
  await insertAudit(tx, {
    clientId,
    entry: {
      userId: d.actorId,
      action: `applicant.${d.status === 'info_requested' ? 'request_info' : d.status === 'approved' ? 'approve' : 'reject'}`,
      target: d.userId,
      data: {
        applicant_id: d.applicantId,
        application_id: d.application.id,
        automatic: d.actorId === null,
        ...(d.note && { message: d.note }),
      },
    },
  });
  await notify(tx, {
    clientId,
    kind: 'application_update',
    to: { users: [d.userId] },
    actorId: d.actorId,
    title: englishOf({ key: NOTICE_KEY[d.status], params: { application: d.application.title } }).title,
    // The note is the reviewer's own words: it stays as written in every language.
    body: d.note,
    message: { key: NOTICE_KEY[d.status], params: { application: d.application.title } },
    link: d.status === 'approved' ? '/' : `/applicants/${d.applicantId}`,
  });
  return true;
}

/** The notification of each status, as a key of the catalog (modules/notifications/notification-texts.ts). */
const NOTICE_KEY = {
  approved: 'application_approved',
  rejected: 'application_rejected',
  info_requested: 'application_info_requested',
  pending: 'application_received',
} as const satisfies Record<ApplicantStatus, NotificationMessageKey>;

/** Emails the applicant about a decision, in the applicant's language (after commit; nothing without a link origin). */
export async function mailDecision(
  ctx: AppContext,
  client: MailClient,
  m: {
    to: string | null;
    locale: string | null;
    status: ApplicantStatus;
    note: string | null;
    title: string;
    applicantId: string;
  },
): Promise<void> {
  if (!client.linkOrigin || !m.to) return;
  const key =
    m.status === 'rejected' && m.note ? 'applicant_rejected_reason' : (`applicant_${m.status}` as const);
  await ctx.mailer.send({
    clientId: client.clientId,
    to: m.to,
    ...renderMail(key, mailLocale(m.locale), {
      client: client.name,
      title: m.title,
      note: m.note ?? '',
      link: `${client.linkOrigin}/login`,
      page: `${client.linkOrigin}/applicants/${m.applicantId}`,
    }),
  });
}

const decisionOf = (
  row: ApplicantWithForm,
  status: ApplicantStatus,
  note: string | null,
  actorId: string,
) => ({
  clientId: row.applicant.clientId,
  applicantId: row.applicant.id,
  userId: row.person.id,
  application: { id: row.application.id, title: row.application.title, teamIds: row.application.teamIds },
  status,
  note,
  actorId,
});

/**
 * POST /api/admin/applicants/{id}/decision: approve (member of the form's teams, welcome email, then the normal
 * onboarding gate), reject with a reason, or ask for more information (the applicant may edit again). Throws 404
 * for an unknown applicant and 409 once decided.
 */
export async function decideApplicant(
  ctx: AppContext,
  client: MailClient,
  { actorId, applicantId, body }: { actorId: string; applicantId: string; body: DecideApplicantRequest },
): Promise<void> {
  const row = await findApplicant(ctx.db, { clientId: client.clientId, applicantId });
  if (!row) throw notFound('Applicant not found');
  const status = STATUS_OF[body.decision];
  const note = body.message?.trim() || null;
  const changed = await withTransaction(ctx.db, (tx) =>
    recordDecision(tx, decisionOf(row, status, note, actorId)),
  );
  if (!changed) throw conflict('This application is already decided', 'decided');
  await ctx.sessions.invalidateUser(row.person.id);
  await mailDecision(ctx, client, {
    to: row.person.email,
    locale: row.person.locale,
    status,
    note,
    title: row.application.title,
    applicantId,
  });
}

/** POST /api/admin/applicants/decisions: the same decision for many; decided or unknown ones are skipped. */
export async function decideApplicants(
  ctx: AppContext,
  client: MailClient,
  { actorId, body }: { actorId: string; body: BulkDecisionRequest },
): Promise<BulkDecisionResponse> {
  const status = STATUS_OF[body.decision];
  const note = body.message?.trim() || null;
  const done: ApplicantWithForm[] = [];
  await withTransaction(ctx.db, async (tx) => {
    for (const applicantId of new Set(body.ids)) {
      const row = await findApplicant(tx, { clientId: client.clientId, applicantId });
      if (row && (await recordDecision(tx, decisionOf(row, status, note, actorId)))) done.push(row);
    }
  });
  for (const row of done) {
    await ctx.sessions.invalidateUser(row.person.id);
    await mailDecision(ctx, client, {
      to: row.person.email,
      locale: row.person.locale,
      status,
      note,
      title: row.application.title,
      applicantId: row.applicant.id,
    });
  }
  return { decided: done.length, skipped: body.ids.length - done.length };
}
