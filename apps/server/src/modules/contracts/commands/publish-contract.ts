import type { PublishContractRequest } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { type ContractRow, insertCurrentContract } from '../contracts.repository.ts';

/**
 * POST /api/admin/contracts: publishes the next version of the client's contract and makes it current, with an
 * audit row. Members whose accepted version differs then meet SPEC 4's gate (/overview if not onboarded, else
 * /contract forced): the caller drops the cached tenant so the next /api/me carries the new contract id.
 */
export async function publishContract(
  ctx: AppContext,
  actor: { clientId: string; id: string },
  body: PublishContractRequest,
): Promise<ContractRow> {
  const { clientId } = actor;
  return withTransaction(ctx.db, async (tx) => {
    const row = await insertCurrentContract(tx, { clientId, title: body.title, body: body.body });
    await insertAudit(tx, {
      clientId,
      entry: { userId: actor.id, action: 'contract.publish', target: row.id, data: { version: row.version } },
    });
    return row;
  });
}
