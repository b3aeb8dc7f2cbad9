import type { Db } from '../../../db/client.ts';
import { mayBePlacedInTeam } from '../../teams/teams.policy.ts';
import { scimError } from '../scim.protocol.ts';
import { findScimUsersByIds } from '../scim.repository.ts';

/**
 * Checks that every id to put in a group is a member SCIM sees who may join a team: an unknown id (another client's
 * among them) or an applicant is 400 invalidValue naming it, and nothing is written.
 */
export async function checkGroupMembers(
  db: Db,
  { clientId, userIds }: { clientId: string; userIds: readonly string[] },
): Promise<void> {
  if (userIds.length === 0) return;
  const found = new Map((await findScimUsersByIds(db, { clientId, userIds })).map((u) => [u.id, u]));
  for (const id of userIds) {
    const user = found.get(id);
    if (!user) throw scimError(400, `members: there is no User ${id} in this app`, 'invalidValue');
    if (!mayBePlacedInTeam(user))
      throw scimError(
        400,
        `members: User ${id} is an applicant and joins a group once accepted`,
        'invalidValue',
      );
  }
}
