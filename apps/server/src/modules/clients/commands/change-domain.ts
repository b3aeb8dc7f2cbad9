import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { deleteDomain, insertDomainAudit, setPrimaryDomain } from '../domains.repository.ts';

type Actor = { clientId: string; id: string };

/** Makes a verified domain the client's primary one (already allowed by the policy), with an audit row. */
export async function makeDomainPrimary(db: Db, actor: Actor, host: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    await setPrimaryDomain(tx, { clientId: actor.clientId, host });
    await insertDomainAudit(tx, {
      clientId: actor.clientId,
      userId: actor.id,
      action: 'client.domain_primary',
      host,
    });
  });
}

/**
 * Removes one of the client's domains (already allowed by the policy), with an audit row. Its pending background
 * check finds it gone and stops; when it was the primary, links use the next verified domain by name.
 */
export async function removeClientDomain(db: Db, actor: Actor, host: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    await deleteDomain(tx, { clientId: actor.clientId, host });
    await insertDomainAudit(tx, {
      clientId: actor.clientId,
      userId: actor.id,
      action: 'client.domain_remove',
      host,
    });
  });
}
