import { randomBytes } from 'node:crypto';
import { domainToASCII } from 'node:url';
import { validateDomainHost } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { badRequest, conflict } from '../../../lib/errors.ts';
import { enqueueJob } from '../../../lib/jobs.ts';
import {
  DOMAIN_CHECK_JOB,
  type DomainRow,
  findDomainByHost,
  insertDomainAudit,
  insertPendingDomain,
} from '../domains.repository.ts';

/** The first background check runs this soon after adding: records are often created right before. */
export const FIRST_CHECK_DELAY_MS = 60_000;

const TAKEN_HERE = 'This domain is already one of this program’s domains';
const TAKEN = 'This domain is already used by another program. Remove it there first, or choose another one.';

/**
 * The stored form of a typed domain (already checked by the shared rule): names in other scripts become punycode,
 * and the app's own host and its subdomains are refused, since they belong to every client at once.
 */
export function toStoredHost(host: string, appHost: string): string {
  const ascii = domainToASCII(host);
  const message = ascii
    ? validateDomainHost(ascii)
    : 'Host must be a domain name such as community.example.com';
  if (message) throw badRequest(message, 'invalid_input');
  if (ascii === appHost || ascii.endsWith(`.${appHost}`)) {
    throw badRequest(
      `Host cannot be ${appHost} or one of its subdomains: they belong to the app itself`,
      'invalid_input',
    );
  }
  return ascii;
}

/**
 * POST /api/admin/client/domains: adds a domain waiting for its TXT record, with an audit row and the first
 * background check, in one transaction. 409 when any client (this one included) already has the host.
 */
export async function addDomain(
  ctx: AppContext,
  actor: { clientId: string; id: string },
  typed: string,
): Promise<DomainRow> {
  const host = toStoredHost(typed, ctx.config.appHost);
  const existing = await findDomainByHost(ctx.db, { host });
  if (existing) throw conflict(existing.clientId === actor.clientId ? TAKEN_HERE : TAKEN, 'domain_taken');
  const token = `rally-verify-${randomBytes(16).toString('hex')}`;
  try {
    return await withTransaction(ctx.db, async (tx) => {
      const row = await insertPendingDomain(tx, { clientId: actor.clientId, host, token });
      await insertDomainAudit(tx, {
        clientId: actor.clientId,
        userId: actor.id,
        action: 'client.domain_add',
        host,
      });
      const payload = { host, attempt: 1, added: row.createdAt.getTime() };
      await enqueueJob(tx, DOMAIN_CHECK_JOB, payload, new Date(Date.now() + FIRST_CHECK_DELAY_MS));
      return row;
    });
  } catch (err) {
    // Two programs adding the same host at once: the primary key decides.
    if ((err as { code?: string }).code === '23505' || /client_domains_pkey/.test(String(err))) {
      throw conflict(TAKEN, 'domain_taken');
    }
    throw err;
  }
}
