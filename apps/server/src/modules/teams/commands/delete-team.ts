import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { deleteTeam as deleteTeamRow, removeTeamFromTags } from '../teams.repository.ts';

/**
 * Deletes the client's team and takes it out of every lead's team tags, in one transaction: tags name teams by
 * id, and a deleted team no longer limits (or widens) anyone.
 */
export async function deleteTeam(db: Db, { clientId, teamId }: { clientId: string; teamId: string }) {
  await withTransaction(db, async (tx) => {
    await deleteTeamRow(tx, { clientId, teamId });
    await removeTeamFromTags(tx, { clientId, teamId });
  });
}
