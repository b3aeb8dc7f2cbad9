import { type AdminUser, INVITATION_TTL_DAYS, type InviteUserRequest, type Locale } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { authorize } from '../../../lib/authorize.ts';
import { badRequest, conflict } from '../../../lib/errors.ts';
import { renderMail } from '../../../lib/mail-texts.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { presentAdminUser } from '../admin-users.presenter.ts';
import {
  deleteInvitedUser,
  emailTaken,
  getAdminUser,
  insertInvitedUser,
  issueInvitationToken,
  setUserTeams,
  touchInvitation,
} from '../admin-users.repository.ts';
import { mayAssignTeams, mayGrant, teamScope, type UserActor } from '../users.policy.ts';
import { checkTeams, loadManagedUser } from './change-user-access.ts';

/**
 * The client an invitation is sent for: its name, the origin of its links (request.tenant.linkOrigin), and the
 * language the invitation is written in (the inviting person's).
 */
export interface InvitingClient {
  name: string;
  linkOrigin: string | null;
  locale: Locale;
}

type Actor = UserActor & { clientId: string };

function originOf(client: InvitingClient): string {
  if (!client.linkOrigin) throw badRequest('This app has no address for links yet: add its domain first');
  return client.linkOrigin;
}

async function sendInvitation(
  ctx: AppContext,
  client: InvitingClient,
  clientId: string,
  to: string,
  token: string,
) {
  await ctx.mailer.send({
    clientId,
    to,
    ...renderMail('invite', client.locale, {
      client: client.name,
      link: `${originOf(client)}/reset?invite=${token}`,
      days: INVITATION_TTL_DAYS,
    }),
  });
}

/**
 * POST /api/admin/users/invitations: creates an invited user (email, role, teams; no password) and mails them an
 * accept link that works once for INVITATION_TTL_DAYS days. 409 when the email has an account; 403 beyond SPEC 6
 * (an ANALYST never grants ADMIN; a team lead invites only into the teams they lead, at least one).
 */
export async function inviteUser(
  ctx: AppContext,
  actor: Actor,
  client: InvitingClient,
  body: Required<InviteUserRequest>,
): Promise<AdminUser> {
  const { clientId } = actor;
  const teamIds = [...new Set(body.team_ids)];
  authorize(mayGrant(actor, { role: body.role }));
  authorize(mayAssignTeams(actor, teamIds));
  if (teamScope(actor) && teamIds.length === 0)
    throw badRequest('team_ids must name one of the $t(words.teams) you lead');
  await checkTeams(ctx, clientId, 'team_ids', teamIds);
  originOf(client);
  if (await emailTaken(ctx.db, { clientId, email: body.email })) {
    throw conflict('Someone with this email already has an account or an invitation', 'email_taken');
  }
  const { userId, token } = await withTransaction(ctx.db, async (tx) => {
    // A lead invited by a team lead leads that lead's teams, never every team.
    const scope = teamScope(actor);
    const teamTags = scope && body.role === 'ANALYST' ? [...scope] : [];
    const user = await insertInvitedUser(tx, { clientId, email: body.email, role: body.role, teamTags });
    await setUserTeams(tx, { clientId, userId: user.id, teamIds });
    await insertAudit(tx, {
      clientId,
      entry: {
        userId: actor.id,
        action: 'user.invite',
        target: user.id,
        data: { email: body.email, role: body.role, team_ids: teamIds },
      },
    });
    return { userId: user.id, token: await issueInvitationToken(tx, { clientId, userId: user.id }) };
  });
  await sendInvitation(ctx, client, clientId, body.email, token);
  return presentAdminUser((await getAdminUser(ctx.db, { clientId, userId }))!, actor);
}

async function loadInvited(ctx: AppContext, actor: Actor, userId: string) {
  const target = await loadManagedUser(ctx, actor, userId);
  if (target.status !== 'invited') throw badRequest('This person has already accepted their invitation');
  return target;
}

/** POST /api/admin/users/{id}/invitation: mails a new accept link; the earlier links stop working. */
export async function resendInvitation(
  ctx: AppContext,
  actor: Actor,
  client: InvitingClient,
  userId: string,
): Promise<AdminUser> {
  const { clientId } = actor;
  const target = await loadInvited(ctx, actor, userId);
  originOf(client);
  const token = await withTransaction(ctx.db, async (tx) => {
    await touchInvitation(tx, { clientId, userId });
    await insertAudit(tx, {
      clientId,
      entry: { userId: actor.id, action: 'user.invite_resend', target: userId },
    });
    return issueInvitationToken(tx, { clientId, userId });
  });
  await sendInvitation(ctx, client, clientId, target.email!, token);
  return presentAdminUser((await getAdminUser(ctx.db, { clientId, userId }))!, actor);
}

/** DELETE /api/admin/users/{id}/invitation: withdraws an invitation not yet accepted (the invited user goes). */
export async function revokeInvitation(ctx: AppContext, actor: Actor, userId: string): Promise<void> {
  const { clientId } = actor;
  const target = await loadInvited(ctx, actor, userId);
  await withTransaction(ctx.db, async (tx) => {
    await deleteInvitedUser(tx, { clientId, userId });
    await insertAudit(tx, {
      clientId,
      entry: {
        userId: actor.id,
        action: 'user.invite_revoke',
        target: userId,
        data: { email: target.email },
      },
    });
  });
}
