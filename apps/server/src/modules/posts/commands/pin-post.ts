import type { Db } from '../../../db/client.ts';
import { pinPostRow, unpinPostRow } from '../posts.repository.ts';

/**
 * Pins one of the client's posts above the feed as an announcement (one already pinned keeps its time), or
 * unpins it. The caller has checked that the admin may, and that the post can be pinned.
 */
export async function pinPost(db: Db, input: { clientId: string; postId: string; pinned: boolean }) {
  const row = { clientId: input.clientId, id: input.postId };
  await (input.pinned ? pinPostRow(db, row) : unpinPostRow(db, row));
}
