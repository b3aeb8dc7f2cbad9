import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import {
  type ClientChangeAudit,
  type ClientColumns,
  insertClientAudit,
  updateClient,
} from '../admin-client.repository.ts';
import type { ClientRow } from '../clients.repository.ts';

/** Writes the client's new columns and its audit row in one transaction; answers the updated row. */
export async function updateClientSettings(
  db: Db,
  change: { clientId: string; columns: ClientColumns; audit: ClientChangeAudit },
): Promise<ClientRow> {
  const { clientId, columns, audit } = change;
  return withTransaction(db, async (tx) => {
    const row = await updateClient(tx, { clientId, columns });
    await insertClientAudit(tx, { clientId, audit });
    return row!;
  });
}
