import { CLIENT_STRINGS_MAX, type UpdateClientStringsRequest } from '@rally/shared';
import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { insertStringsAudit, lockClientConfig, writeClientConfig } from '../admin-strings.repository.ts';

/**
 * PATCH /api/admin/client/strings: merges the sent overrides into the client's (a text sets one, null or '' clears
 * it), refuses more than CLIENT_STRINGS_MAX in all, and writes them with an audit row of what changed, in one
 * transaction on the locked row (two admins saving at once both keep their keys). Answers every override kept.
 */
export async function updateClientStrings(
  db: Db,
  change: { clientId: string; userId: string; body: UpdateClientStringsRequest },
): Promise<Record<string, string>> {
  const { clientId, userId, body } = change;
  return withTransaction(db, async (tx) => {
    const config = await lockClientConfig(tx, { clientId });
    if (!config) throw notFound('Client not found');
    const current = config.strings ?? {};
    const next = { ...current };
    const changes: Record<string, { from: string | null; to: string | null }> = {};
    for (const [key, value] of Object.entries(body.strings)) {
      const to = value ? value : null;
      const from = current[key] ?? null;
      if (from === to) continue;
      changes[key] = { from, to };
      if (to === null) delete next[key];
      else next[key] = to;
    }
    if (Object.keys(changes).length === 0) return current;
    if (Object.keys(next).length > CLIENT_STRINGS_MAX) {
      throw badRequest(`strings: a client keeps at most ${CLIENT_STRINGS_MAX} overrides`);
    }
    await writeClientConfig(tx, { clientId, config: { ...config, strings: next } });
    await insertStringsAudit(tx, { clientId, userId, changes });
    return next;
  });
}
