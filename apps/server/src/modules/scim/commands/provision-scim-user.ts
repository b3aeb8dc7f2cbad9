import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { writeUserActive } from '../../users/commands/write-user-active.ts';
import { emitMemberJoined } from '../../webhooks/webhooks.events.ts';
import { type ScimActor, scimAuditData } from '../scim.policy.ts';
import { scimError } from '../scim.protocol.ts';
import {
  findNameOwners,
  getScimUser,
  insertProvisionedUser,
  type ScimUserRow,
  updateProvisionedUser,
  upsertScimUser,
} from '../scim.repository.ts';
import type { ScimUserFields } from '../scim.validation.ts';

/**
 * POST /scim/v2/Users: the identity provider adds a member. A userName or email another member has is 409
 * (uniqueness), nothing written. The userName of a member the provider deleted before brings that same member back
 * (reactivated, history and all) instead of a stranger with their address. Answers the member as SCIM sees them.
 */
export async function provisionScimUser(
  ctx: AppContext,
  actor: ScimActor,
  fields: ScimUserFields,
): Promise<ScimUserRow> {
  const { clientId } = actor;
  const { userName, externalId, email } = fields;
  const active = fields.active ?? true;
  const profile = {
    email,
    firstName: fields.firstName,
    lastName: fields.lastName,
    city: fields.city,
    state: fields.state,
    country: fields.country,
  };
  const { row, isRevived } = await withTransaction(ctx.db, async (tx) => {
    const { userNameOwner: owner, emailOwner } = await findNameOwners(tx, { clientId, userName, email });
    if (owner && !owner.isDeprovisioned)
      throw scimError(409, `A member with userName ${userName} exists already`, 'uniqueness');
    if (emailOwner && emailOwner !== owner?.id)
      throw scimError(409, `Another member of this app has the email ${email}`, 'uniqueness');
    let created: ScimUserRow | undefined;
    let userId: string;
    if (owner) {
      userId = owner.id;
      await updateProvisionedUser(tx, { clientId, userId, fields: profile });
      await writeUserActive(tx, { clientId, userId, active });
    } else {
      const inserted = await insertProvisionedUser(tx, { clientId, fields: profile });
      userId = inserted.id;
      if (!active) await writeUserActive(tx, { clientId, userId, active });
      // Made active by the directory, a new person is a member now (a revived one had joined before).
      else await emitMemberJoined(tx, { clientId, userId, via: 'scim' });
      // A new member is in no team yet: what SCIM shows of them is what was written.
      created = { ...profile, ...inserted, isActive: active, userName, externalId, teams: [] };
    }
    await upsertScimUser(tx, { clientId, userId, userName, externalId, deprovisionedAt: null });
    await insertAudit(tx, {
      clientId,
      entry: {
        userId: null,
        action: 'scim.user_created',
        target: userId,
        data: { ...scimAuditData(actor), user_name: userName, active, ...(owner ? { revived: true } : {}) },
      },
    });
    return { row: created ?? (await getScimUser(tx, { clientId, userId }))!, isRevived: owner !== undefined };
  });
  if (isRevived) await ctx.sessions.invalidateUser(row.id);
  return row;
}
