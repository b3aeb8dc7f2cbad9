import type { AdminUser } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { badRequest } from '../../../lib/errors.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { presentAdminUser } from '../admin-users.presenter.ts';
import { getAdminUser } from '../admin-users.repository.ts';
import { mayDeactivate, type UserActor } from '../users.policy.ts';
import { check, loadManagedUser } from './change-user-access.ts';
import { writeUserActive } from './write-user-active.ts';

/**
 * POST /api/admin/users/{id}/deactivate and /reactivate. Deactivating revokes every session and push device of the
 * user at once (a request with an old token gets 401; the cached sessions are dropped too) and login is refused
 * from then on; everything the user wrote stays. Reactivating lets them sign in again. Both leave an audit row.
 */
export async function setUserActiveState(
  ctx: AppContext,
  actor: UserActor & { clientId: string },
  { userId, active }: { userId: string; active: boolean },
): Promise<AdminUser> {
  const { clientId } = actor;
  const target = await loadManagedUser(ctx, actor, userId);
  if (!active) check(mayDeactivate(actor, target));
  if (target.status === 'invited')
    throw badRequest('This person has not accepted yet: revoke the invitation instead');
  if (target.isActive !== active) {
    await withTransaction(ctx.db, async (tx) => {
      await writeUserActive(tx, { clientId, userId, active });
      await insertAudit(tx, {
        clientId,
        entry: { userId: actor.id, action: active ? 'user.reactivate' : 'user.deactivate', target: userId },
      });
    });
    await ctx.sessions.invalidateUser(userId);
  }
  return presentAdminUser((await getAdminUser(ctx.db, { clientId, userId }))!, actor);
}
