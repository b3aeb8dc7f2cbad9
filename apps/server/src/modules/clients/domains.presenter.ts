import { domainToUnicode } from 'node:url';
import { type ClientDomain, DOMAIN_RECHECK_WINDOW_HOURS, type DomainStatus } from '@rally/shared';
import { verificationName } from './domains.dns.ts';
import type { DomainFacts } from './domains.policy.ts';
import { makePrimaryDomain, removeDomain } from './domains.policy.ts';
import type { DomainRow } from './domains.repository.ts';

const WINDOW_MS = DOMAIN_RECHECK_WINDOW_HOURS * 3_600_000;

/** Whether the background checks of a pending domain have run out. */
export const isPastRecheckWindow = (row: Pick<DomainRow, 'createdAt'>, now = Date.now()) =>
  now - row.createdAt.getTime() > WINDOW_MS;

function statusOf(row: DomainRow): DomainStatus {
  if (row.verifiedAt) return 'verified';
  return isPastRecheckWindow(row) ? 'failed' : 'pending';
}

/** The facts the domain policies decide on, for one row. */
export function domainFacts(
  row: DomainRow,
  context: { requestHost: string; verifiedCount: number },
): DomainFacts {
  return {
    isVerified: row.verifiedAt !== null,
    isPrimary: row.isPrimary,
    isRequestHost: row.host === context.requestHost,
    verifiedCount: context.verifiedCount,
  };
}

/** A domain as the admin General page shows it: status, records to create and abilities. */
export function presentDomain(
  row: DomainRow,
  context: { appHost: string; requestHost: string; verifiedCount: number },
): ClientDomain {
  const facts = domainFacts(row, context);
  const token = row.verificationToken;
  return {
    host: row.host,
    display_host: domainToUnicode(row.host) || row.host,
    is_primary: row.isPrimary,
    status: statusOf(row),
    verified_at: row.verifiedAt?.toISOString() ?? null,
    last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    records: token
      ? [
          { type: 'TXT', name: verificationName(row.host), value: token, purpose: 'verification' },
          { type: 'CNAME', name: row.host, value: context.appHost, purpose: 'routing' },
        ]
      : [],
    abilities: {
      can_verify: Boolean(token) && !facts.isVerified,
      can_make_primary: makePrimaryDomain(facts).allowed && !row.isPrimary,
      can_remove: removeDomain(facts).allowed,
    },
  };
}
