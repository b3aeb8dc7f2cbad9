import { type CreateScimTokenRequest, SCIM_TOKEN_PREFIX } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { notFound } from '../../../lib/errors.ts';
import { hashToken, newToken } from '../../../lib/secrets.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { insertScimToken, revokeScimToken, type ScimTokenRow } from '../scim-tokens.repository.ts';

/** A new SCIM token: answered this once and stored only as a hash, with its audit row. */
export async function createScimToken(
  ctx: Pick<AppContext, 'db'>,
  actor: { clientId: string; id: string },
  body: Required<CreateScimTokenRequest>,
): Promise<{ row: ScimTokenRow; token: string }> {
  const token = `${SCIM_TOKEN_PREFIX}${newToken()}`;
  const row = await withTransaction(ctx.db, async (tx) => {
    const created = await insertScimToken(tx, {
      clientId: actor.clientId,
      name: body.name,
      tokenHash: hashToken(token),
      prefix: token.slice(0, SCIM_TOKEN_PREFIX.length + 6),
      createdBy: actor.id,
    });
    await insertAudit(tx, {
      clientId: actor.clientId,
      entry: {
        userId: actor.id,
        action: 'scim_token.created',
        target: created.id,
        data: { name: body.name },
      },
    });
    return created;
  });
  return { row, token };
}

/** Revokes a token at once: its next call is refused. 404 for a token of another client or one revoked before. */
export async function removeScimToken(
  ctx: Pick<AppContext, 'db'>,
  actor: { clientId: string; id: string },
  id: string,
): Promise<ScimTokenRow> {
  return withTransaction(ctx.db, async (tx) => {
    const row = await revokeScimToken(tx, { clientId: actor.clientId, id });
    if (!row) throw notFound('SCIM token not found');
    await insertAudit(tx, {
      clientId: actor.clientId,
      entry: { userId: actor.id, action: 'scim_token.revoked', target: id, data: { name: row.name } },
    });
    return row;
  });
}
