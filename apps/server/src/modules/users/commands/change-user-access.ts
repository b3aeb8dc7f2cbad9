import type { AdminUser, Role } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { authorize, type Decision } from '../../../lib/authorize.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { presentAdminUser } from '../admin-users.presenter.ts';
import {
  type AdminUserRow,
  countClientTeams,
  getAdminUser,
  setUserAccess,
  setUserTeams,
} from '../admin-users.repository.ts';
import {
  mayAssignTeams,
  mayChangeRole,
  mayGrant,
  mayJoinTeams,
  mayManage,
  teamScope,
  type UserActor,
} from '../users.policy.ts';

/** A refused change of a user's access is bad input (400), not a missing right. */
export function check(decision: Decision): void {
  if (!decision.allowed) throw badRequest(decision.message, decision.code);
}

/** The client's user the actor may manage: 404 when not the client's, 403 when the actor may not. */
export async function loadManagedUser(
  ctx: AppContext,
  actor: UserActor & { clientId: string },
  userId: string,
): Promise<AdminUserRow> {
  const target = await getAdminUser(ctx.db, { clientId: actor.clientId, userId });
  if (!target) throw notFound('User not found');
  authorize(mayManage(actor, target));
  return target;
}

/** Checks that every id is a team of the client (400 naming the field otherwise). */
export async function checkTeams(ctx: AppContext, clientId: string, field: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  const known = await countClientTeams(ctx.db, { clientId, teamIds: ids });
  if (known !== ids.length) throw badRequest(`${field} must be teams of this app`);
}

const unique = (ids: readonly string[] | undefined) => (ids ? [...new Set(ids)] : undefined);

/**
 * PATCH /api/admin/users/{id}: sets a user's role, their teams (within the actor's teams for a team lead; the
 * member keeps their other teams) and/or the teams an ANALYST leads, in one transaction with its audit row, then
 * drops the user's cached sessions. 404 for another client's user, 403 beyond the actor's rights (SPEC 6: an
 * ANALYST never grants ADMIN and a team lead manages only their teams' members), 400 for a change the rules refuse.
 */
export async function changeUserAccess(
  ctx: AppContext,
  actor: UserActor & { clientId: string },
  change: { userId: string; role?: Role; teamIds?: readonly string[]; teamTags?: readonly string[] },
): Promise<AdminUser> {
  const { clientId } = actor;
  const target = await loadManagedUser(ctx, actor, change.userId);
  const wanted = unique(change.teamIds);
  let tags = unique(change.teamTags);
  authorize(mayGrant(actor, { role: change.role, teamTags: tags }));
  if (wanted) authorize(mayAssignTeams(actor, wanted));
  const { role } = change;
  check(mayChangeRole(actor, target, role));
  await checkTeams(ctx, clientId, 'team_ids', wanted ?? []);
  await checkTeams(ctx, clientId, 'team_tags', tags ?? []);
  check(mayJoinTeams(target, role, wanted));
  // A member a team lead makes ANALYST leads that lead's teams, never every team.
  const scope = teamScope(actor);
  if (scope && role === 'ANALYST' && target.role !== 'ANALYST') tags = [...scope];
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (role !== undefined && role !== target.role) changes.role = { from: target.role, to: role };
  const sameSet = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((id) => b.includes(id));
  if (tags && !sameSet(tags, target.teamTags)) changes.team_tags = { from: target.teamTags, to: tags };
  const before = target.teams.map((t) => t.id);
  // A team lead's change touches only their teams; the audit row shows the membership as it will be.
  const after = wanted && (scope ? [...before.filter((id) => !scope.includes(id)), ...wanted] : wanted);
  if (after && !sameSet(after, before)) changes.team_ids = { from: before, to: after };
  await withTransaction(ctx.db, async (tx) => {
    if (role !== undefined || tags)
      await setUserAccess(tx, { clientId, userId: target.id, role, teamTags: tags });
    if (wanted) await setUserTeams(tx, { clientId, userId: target.id, teamIds: wanted, scope });
    if (Object.keys(changes).length > 0) {
      await insertAudit(tx, {
        clientId,
        entry: { userId: actor.id, action: 'user.access', target: target.id, data: { changes } },
      });
    }
  });
  await ctx.sessions.invalidateUser(target.id);
  return presentAdminUser((await getAdminUser(ctx.db, { clientId, userId: target.id }))!, actor);
}
