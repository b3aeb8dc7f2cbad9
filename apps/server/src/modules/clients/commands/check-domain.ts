import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { DomainCheck, DomainChecker } from '../domains.dns.ts';
import { type DomainRow, insertDomainAudit, recordDomainCheck } from '../domains.repository.ts';

/** A domain after a DNS check, what the check found, and whether this check is the one that verified it. */
export interface CheckedDomain {
  row: DomainRow;
  check: DomainCheck;
  isNewlyVerified: boolean;
}

/**
 * Looks the domain's TXT record up now (outside any transaction: it waits on the network), then records the result;
 * the check that first finds the record marks the domain verified and writes the audit row (`userId` null when the
 * re-check job found it). A verified domain stays verified whatever a later check finds.
 */
export async function checkDomain(
  db: Db,
  checker: DomainChecker,
  domain: DomainRow & { verificationToken: string },
  userId: string | null,
): Promise<CheckedDomain | undefined> {
  const check = await checker(domain.host, domain.verificationToken);
  return withTransaction(db, async (tx) => {
    const row = await recordDomainCheck(tx, {
      host: domain.host,
      verified: check.verified,
      error: check.verified ? null : check.message,
    });
    if (!row) return undefined;
    const isNewlyVerified = check.verified && domain.verifiedAt === null;
    if (isNewlyVerified) {
      await insertDomainAudit(tx, {
        clientId: row.clientId,
        userId,
        action: 'client.domain_verify',
        host: row.host,
        data: { by: userId ? 'admin' : 'background_check' },
      });
    }
    return { row, check, isNewlyVerified };
  });
}
