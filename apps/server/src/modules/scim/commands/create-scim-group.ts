import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { addTeamMembers, insertTeam } from '../../teams/teams.repository.ts';
import { type ScimActor, scimAuditData } from '../scim.policy.ts';
import { scimError } from '../scim.protocol.ts';
import { findTeamNamed, upsertScimGroup } from '../scim-groups.repository.ts';
import type { ScimGroupFields } from '../scim-groups.validation.ts';
import { checkGroupMembers } from './check-group-members.ts';
import { tellMembershipChange } from './tell-membership-change.ts';

/**
 * POST /scim/v2/Groups: the identity provider adds a team with its members. A team of that name (without case) is 409
 * (uniqueness): the provider then finds it by `displayName eq` and manages it instead of making a twin. The team is
 * not open to join from discover: its members come from the provider. Answers the team's id.
 */
export async function createScimGroup(
  ctx: AppContext,
  actor: ScimActor,
  fields: ScimGroupFields,
): Promise<string> {
  const { clientId } = actor;
  const teamId = await withTransaction(ctx.db, async (tx) => {
    if (await findTeamNamed(tx, { clientId, name: fields.displayName }))
      throw scimError(409, `A group named ${fields.displayName} exists already`, 'uniqueness');
    await checkGroupMembers(tx, { clientId, userIds: fields.memberIds });
    const id = await insertTeam(tx, {
      clientId,
      team: { name: fields.displayName, description: null, imageUrl: null, isDiscoverable: false },
    });
    await upsertScimGroup(tx, { clientId, teamId: id, externalId: fields.externalId });
    await addTeamMembers(tx, { clientId, teamId: id, userIds: fields.memberIds });
    await insertAudit(tx, {
      clientId,
      entry: {
        userId: null,
        action: 'scim.group_created',
        target: id,
        data: { ...scimAuditData(actor), name: fields.displayName, members: fields.memberIds.length },
      },
    });
    return id;
  });
  await tellMembershipChange(ctx, { clientId, teamId, userIds: fields.memberIds });
  return teamId;
}
