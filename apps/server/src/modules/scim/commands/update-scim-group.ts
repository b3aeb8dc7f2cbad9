import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { addTeamMembers, removeTeamMembers, updateTeam } from '../../teams/teams.repository.ts';
import { type ScimActor, scimAuditData } from '../scim.policy.ts';
import { scimError } from '../scim.protocol.ts';
import {
  findTeamMemberIds,
  findTeamNamed,
  type ScimGroupRow,
  upsertScimGroup,
} from '../scim-groups.repository.ts';
import type { MemberChange } from '../scim-groups.validation.ts';
import { checkGroupMembers } from './check-group-members.ts';
import { tellMembershipChange } from './tell-membership-change.ts';

/** What a PUT or PATCH makes of a group: its name, the provider's id for it, and what happens to its members. */
export interface ScimGroupChange {
  displayName: string;
  externalId: string | null;
  members: MemberChange;
}

/**
 * PUT and PATCH /scim/v2/Groups/{id}: renames the team (another team's name is 409 uniqueness), notes the provider's
 * id for it, and adds and removes members (all of them replaced when the change says so). Members to add must be
 * members SCIM sees and not applicants (400, nothing written); removing someone who is not in it changes nothing.
 * One transaction with its audit row; the members' sessions and chat lists hear of it after the commit.
 */
export async function updateScimGroup(
  ctx: AppContext,
  actor: ScimActor,
  current: ScimGroupRow,
  change: ScimGroupChange,
): Promise<void> {
  const { clientId } = actor;
  const teamId = current.id;
  const isRenamed = change.displayName !== current.name;
  const touched = await withTransaction(ctx.db, async (tx) => {
    if (isRenamed && (await findTeamNamed(tx, { clientId, name: change.displayName, exceptId: teamId })))
      throw scimError(409, `A group named ${change.displayName} exists already`, 'uniqueness');
    let { add, remove } = change.members;
    if (change.members.set) {
      const before = await findTeamMemberIds(tx, { clientId, teamId });
      add = change.members.set.filter((id) => !before.includes(id));
      remove = before.filter((id) => !change.members.set!.includes(id));
    }
    await checkGroupMembers(tx, { clientId, userIds: add });
    if (isRenamed) await updateTeam(tx, { clientId, teamId, changes: { name: change.displayName } });
    if (change.externalId !== current.externalId)
      await upsertScimGroup(tx, { clientId, teamId, externalId: change.externalId });
    await addTeamMembers(tx, { clientId, teamId, userIds: add });
    await removeTeamMembers(tx, { clientId, teamId, userIds: remove });
    const changed = [
      ...(isRenamed ? ['displayName'] : []),
      ...(change.externalId !== current.externalId ? ['externalId'] : []),
    ];
    if (changed.length > 0 || add.length > 0 || remove.length > 0) {
      await insertAudit(tx, {
        clientId,
        entry: {
          userId: null,
          action: 'scim.group_updated',
          target: teamId,
          data: { ...scimAuditData(actor), changed, added: add.length, removed: remove.length },
        },
      });
    }
    return [...add, ...remove];
  });
  // Members' sessions show their teams' names (membership of /api/me).
  if (isRenamed) await ctx.sessions.invalidateAll();
  await tellMembershipChange(ctx, { clientId, teamId, userIds: touched });
}
