import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { authorize } from '../../../lib/authorize.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { getSsoConnection } from '../../auth/sso.repository.ts';
import { writeUserActive } from '../../users/commands/write-user-active.ts';
import { mayDeactivateByScim, type ScimActor, scimAuditData } from '../scim.policy.ts';
import { scimError } from '../scim.protocol.ts';
import {
  findNameOwners,
  type ProvisionedUserFields,
  type ScimUserRow,
  updateProvisionedUser,
  upsertScimUser,
} from '../scim.repository.ts';
import type { ScimUserFields } from '../scim.validation.ts';

const PROFILE_KEYS = ['email', 'firstName', 'lastName', 'city', 'state', 'country'] as const;

/** The profile fields the resource changes (an email that differs only in case is a change too). */
function profileChanges(current: ScimUserRow, fields: ScimUserFields): ProvisionedUserFields {
  const changes: ProvisionedUserFields = {};
  for (const key of PROFILE_KEYS)
    if (fields[key] !== current[key]) Object.assign(changes, { [key]: fields[key] });
  return changes;
}

/**
 * PUT and PATCH /scim/v2/Users/{id}: makes the member what the resource says (`active` left undefined keeps it).
 * A userName or email of another member is 409 (uniqueness). `active: false` deactivates exactly as an admin does
 * (users/commands/write-user-active.ts): every session and device revoked at once, the cached sessions dropped after
 * the commit, everything they wrote kept; `active: true` lets them in again. One transaction, with audit rows: the
 * deactivation as `user.deactivate` (or `user.reactivate`), like an admin's, marked as made through SCIM.
 */
export async function updateScimUser(
  ctx: AppContext,
  actor: ScimActor,
  current: ScimUserRow,
  fields: ScimUserFields,
): Promise<void> {
  const { clientId } = actor;
  const userId = current.id;
  const isActiveChange = fields.active !== undefined && fields.active !== current.isActive;
  if (isActiveChange && !fields.active)
    authorize(mayDeactivateByScim(current, await getSsoConnection(ctx.db, { clientId })));
  const changes = profileChanges(current, fields);
  const isRenamed = fields.userName.toLowerCase() !== current.userName.toLowerCase();
  await withTransaction(ctx.db, async (tx) => {
    if (isRenamed || changes.email !== undefined) {
      const owners = await findNameOwners(tx, { clientId, userName: fields.userName, email: fields.email });
      if (isRenamed && owners.userNameOwner && owners.userNameOwner.id !== userId)
        throw scimError(409, `A member with userName ${fields.userName} exists already`, 'uniqueness');
      if (changes.email !== undefined && owners.emailOwner && owners.emailOwner !== userId)
        throw scimError(409, `Another member of this app has the email ${fields.email}`, 'uniqueness');
    }
    if (Object.keys(changes).length > 0)
      await updateProvisionedUser(tx, { clientId, userId, fields: changes });
    const { userName, externalId } = fields;
    await upsertScimUser(tx, { clientId, userId, userName, externalId, deprovisionedAt: null });
    const changed = [
      ...Object.keys(changes),
      ...(fields.userName !== current.userName ? ['userName'] : []),
      ...(externalId !== current.externalId ? ['externalId'] : []),
    ];
    if (changed.length > 0) {
      await insertAudit(tx, {
        clientId,
        entry: {
          userId: null,
          action: 'scim.user_updated',
          target: userId,
          data: { ...scimAuditData(actor), changed },
        },
      });
    }
    if (isActiveChange) {
      await writeUserActive(tx, { clientId, userId, active: fields.active! });
      await insertAudit(tx, {
        clientId,
        entry: {
          userId: null,
          action: fields.active ? 'user.reactivate' : 'user.deactivate',
          target: userId,
          data: scimAuditData(actor),
        },
      });
    }
  });
  await ctx.sessions.invalidateUser(userId);
}
