import type { Db } from '../../../db/client.ts';
import { deleteUserDevices, setUserActive } from '../admin-users.repository.ts';
import { revokeUserSessions } from '../credentials.repository.ts';

/**
 * The rows of deactivating or reactivating a member, inside the caller's transaction: the active flag, and on
 * deactivation every session and push device revoked at once (everything they wrote stays). The same effect whoever
 * asks: an admin (set-user-active.ts) or the client's identity provider through SCIM. After the commit the caller
 * drops the member's cached sessions (`ctx.sessions.invalidateUser`), so their next request is refused everywhere.
 */
export async function writeUserActive(
  tx: Db,
  { clientId, userId, active }: { clientId: string; userId: string; active: boolean },
): Promise<void> {
  await setUserActive(tx, { clientId, userId, active });
  if (active) return;
  await revokeUserSessions(tx, { clientId, userId });
  await deleteUserDevices(tx, { clientId, userId });
}
