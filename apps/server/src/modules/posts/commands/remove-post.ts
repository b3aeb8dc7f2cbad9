import type { Db } from '../../../db/client.ts';
import { markPostRemoved } from '../posts.repository.ts';

/**
 * Removes one of the client's posts at its author's or an admin's request. Removed, not deleted: moderation
 * keeps who removed it and when; the feed no longer shows it, and it is no longer pinned.
 */
export async function removePost(db: Db, input: { clientId: string; postId: string; removedBy: string }) {
  await markPostRemoved(db, { clientId: input.clientId, id: input.postId, removedBy: input.removedBy });
}
