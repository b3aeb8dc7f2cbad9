import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { deleteTeam } from '../../teams/commands/delete-team.ts';
import { type ScimActor, scimAuditData } from '../scim.policy.ts';
import type { ScimGroupRow } from '../scim-groups.repository.ts';

/**
 * DELETE /scim/v2/Groups/{id}: deletes the team as an admin does (teams/commands/delete-team.ts: its memberships go,
 * leads' tags lose it; its members, their posts and points stay), with an audit row, and drops every cached session.
 */
export async function deleteScimGroup(
  ctx: AppContext,
  actor: ScimActor,
  current: ScimGroupRow,
): Promise<void> {
  const { clientId } = actor;
  await withTransaction(ctx.db, async (tx) => {
    await deleteTeam(tx, { clientId, teamId: current.id });
    await insertAudit(tx, {
      clientId,
      entry: {
        userId: null,
        action: 'scim.group_deleted',
        target: current.id,
        data: { ...scimAuditData(actor), name: current.name },
      },
    });
  });
  await ctx.sessions.invalidateAll();
}
