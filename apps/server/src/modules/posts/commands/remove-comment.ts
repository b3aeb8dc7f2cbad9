import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { bumpCommentCount, markCommentRemoved } from '../comments.repository.ts';

/** Removes a comment (kept as 'removed'); a published one stops counting on its post. Idempotent. */
export async function removeComment(
  db: Db,
  input: { clientId: string; comment: { id: string; post_id: string } },
): Promise<void> {
  const { clientId, comment } = input;
  await withTransaction(db, async (tx) => {
    // Two removals at once count down once: the row is locked and its latest status read first.
    const old = await markCommentRemoved(tx, { clientId, id: comment.id });
    if (old === 'published') await bumpCommentCount(tx, { clientId, postId: comment.post_id, by: -1 });
  });
}
