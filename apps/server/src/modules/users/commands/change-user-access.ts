import type { AdminUser, Role } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { Decision } from '../../../lib/authorize.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { countClientTeams, getAdminUser, setUserRole, setUserTeams } from '../admin-users.repository.ts';
import { mayChangeRole, mayJoinTeams } from '../users.policy.ts';

/** A refused change of a user's access is bad input (400), not a missing right. */
function check(decision: Decision): void {
  if (!decision.allowed) throw badRequest(decision.message, decision.code);
}

/**
 * PATCH /api/admin/users/{id}: sets a user's role and/or makes their team membership exactly `teamIds` (teams of
 * the client), in one transaction, then drops the user's cached sessions. Throws 404 for a user of no client's
 * and 400 for a change the rules refuse. Answers the user as the admin list shows them.
 */
export async function changeUserAccess(
  ctx: AppContext,
  actor: { clientId: string; id: string },
  change: { userId: string; role?: Role; teamIds?: readonly string[] },
): Promise<AdminUser> {
  const { clientId } = actor;
  const target = await getAdminUser(ctx.db, { clientId, userId: change.userId });
  if (!target) throw notFound('User not found');
  const { role } = change;
  check(mayChangeRole(actor, target, role));
  const wanted = change.teamIds ? [...new Set(change.teamIds)] : undefined;
  if (wanted && wanted.length > 0) {
    const known = await countClientTeams(ctx.db, { clientId, teamIds: wanted });
    if (known !== wanted.length) throw badRequest('team_ids must be teams of this app');
  }
  check(mayJoinTeams(target, role, wanted));
  await withTransaction(ctx.db, async (tx) => {
    if (role !== undefined) await setUserRole(tx, { clientId, userId: target.id, role });
    if (wanted) await setUserTeams(tx, { clientId, userId: target.id, teamIds: wanted });
  });
  await ctx.sessions.invalidateUser(target.id);
  return (await getAdminUser(ctx.db, { clientId, userId: target.id }))!;
}
