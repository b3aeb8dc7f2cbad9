import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { conflict } from '../../../lib/errors.ts';
import { customUrlTaken, setCustomUrl } from '../admin-client.repository.ts';
import { findClientById } from '../clients.repository.ts';

/**
 * PUT /api/admin/client/custom-url: stores the client's slug (already checked by SPEC 5's rule) unless another client
 * uses it (409), with an audit row; an unchanged slug writes nothing.
 */
export async function changeCustomUrl(
  ctx: AppContext,
  actor: { clientId: string; id: string },
  slug: string,
): Promise<string> {
  const { clientId } = actor;
  const row = await findClientById(ctx.db, { clientId });
  if (row?.slug === slug) return slug;
  if (await customUrlTaken(ctx.db, { clientId, slug })) {
    throw conflict(
      'This custom URL is already taken by another program. Choose another one.',
      'custom_url_taken',
    );
  }
  try {
    return await withTransaction(ctx.db, (tx) =>
      setCustomUrl(tx, { clientId, slug, userId: actor.id, from: row?.slug ?? null }),
    );
  } catch (err) {
    // Two programs choosing the same slug at once: the unique index decides.
    if ((err as { code?: string }).code === '23505' || /clients_slug/.test(String(err))) {
      throw conflict(
        'This custom URL is already taken by another program. Choose another one.',
        'custom_url_taken',
      );
    }
    throw err;
  }
}
