import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { Writer } from '../posts.policy.ts';
import { bumpReactionCount, deleteReaction } from '../posts.repository.ts';

/** Takes back the member's reaction; only an existing one counts down (two removals at once: once). */
export async function removeReaction(db: Db, writer: Writer, postId: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    const deleted = await deleteReaction(tx, { clientId: writer.clientId, postId, userId: writer.id });
    if (deleted) await bumpReactionCount(tx, { clientId: writer.clientId, postId, by: -1 });
  });
}
