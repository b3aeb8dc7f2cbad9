import { API_KEY_PREFIX, type CreateApiKeyRequest } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { notFound } from '../../../lib/errors.ts';
import { hashToken, newToken } from '../../../lib/secrets.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { type ApiKeyRow, insertApiKey, revokeApiKey } from '../api-keys.repository.ts';

/** A new API key: its token is answered this once and stored only as a hash. */
export async function createApiKey(
  ctx: Pick<AppContext, 'db'>,
  actor: { clientId: string; id: string },
  body: Required<CreateApiKeyRequest>,
): Promise<{ row: ApiKeyRow; token: string }> {
  const token = `${API_KEY_PREFIX}${newToken()}`;
  const row = await withTransaction(ctx.db, async (tx) => {
    const created = await insertApiKey(tx, {
      clientId: actor.clientId,
      name: body.name,
      scope: body.scope,
      tokenHash: hashToken(token),
      prefix: token.slice(0, API_KEY_PREFIX.length + 6),
      createdBy: actor.id,
    });
    await insertAudit(tx, {
      clientId: actor.clientId,
      entry: {
        userId: actor.id,
        action: 'api_key.created',
        target: created.id,
        data: { name: body.name, scope: body.scope },
      },
    });
    return created;
  });
  return { row, token };
}

/** Revokes a key at once: its next call is refused. 404 for a key of another client or one revoked before. */
export async function removeApiKey(
  ctx: Pick<AppContext, 'db' | 'apiKeys'>,
  actor: { clientId: string; id: string },
  id: string,
) {
  const revoked = await withTransaction(ctx.db, async (tx) => {
    const row = await revokeApiKey(tx, { clientId: actor.clientId, id });
    if (!row) throw notFound('API key not found');
    await insertAudit(tx, {
      clientId: actor.clientId,
      entry: { userId: actor.id, action: 'api_key.revoked', target: id, data: { name: row.name } },
    });
    return row;
  });
  // Its cached lookups, on every instance, before the answer says it is revoked.
  await ctx.apiKeys.invalidateUser(revoked.id);
  return revoked;
}
