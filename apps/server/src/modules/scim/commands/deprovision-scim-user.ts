import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { authorize } from '../../../lib/authorize.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { getSsoConnection } from '../../auth/sso.repository.ts';
import { writeUserActive } from '../../users/commands/write-user-active.ts';
import { mayDeactivateByScim, type ScimActor, scimAuditData } from '../scim.policy.ts';
import { type ScimUserRow, upsertScimUser } from '../scim.repository.ts';

/**
 * DELETE /scim/v2/Users/{id}: the identity provider deleted the member. They are deactivated exactly as an admin
 * deactivates (sessions and devices revoked at once) and kept, with everything they wrote, their points and their
 * teams: SCIM no longer finds them (404), and creating their userName again brings them back. Erasing their
 * personal data stays an admin's decision (POST /api/admin/users/{id}/erase).
 */
export async function deprovisionScimUser(
  ctx: AppContext,
  actor: ScimActor,
  current: ScimUserRow,
): Promise<void> {
  const { clientId } = actor;
  const userId = current.id;
  authorize(mayDeactivateByScim(current, await getSsoConnection(ctx.db, { clientId })));
  await withTransaction(ctx.db, async (tx) => {
    if (current.isActive) {
      await writeUserActive(tx, { clientId, userId, active: false });
      await insertAudit(tx, {
        clientId,
        entry: { userId: null, action: 'user.deactivate', target: userId, data: scimAuditData(actor) },
      });
    }
    await upsertScimUser(tx, {
      clientId,
      userId,
      userName: current.userName,
      externalId: current.externalId,
      deprovisionedAt: new Date(),
    });
    await insertAudit(tx, {
      clientId,
      entry: {
        userId: null,
        action: 'scim.user_deleted',
        target: userId,
        data: { ...scimAuditData(actor), user_name: current.userName },
      },
    });
  });
  await ctx.sessions.invalidateUser(userId);
}
