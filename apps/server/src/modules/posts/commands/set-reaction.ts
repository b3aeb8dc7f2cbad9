import type { ReactionKind } from '@rally/shared';
import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { notify } from '../../notifications/notify.ts';
import { postLink } from '../feed-notices.ts';
import type { Writer } from '../posts.policy.ts';
import { bumpReactionCount, upsertReaction } from '../posts.repository.ts';

type PostRef = { id: string; team_id: string | null; author_id: string };

/**
 * Sets the member's one reaction to a post (a new kind replaces the old). Only a first reaction counts on the
 * post and notifies its author. The upsert tells whether it inserted, so of two calls at once on PostgreSQL one
 * inserts and the other, waiting on the key, updates: the count moves once.
 */
export async function setReaction(db: Db, writer: Writer, post: PostRef, kind: ReactionKind): Promise<void> {
  await withTransaction(db, async (tx) => {
    const inserted = await upsertReaction(tx, {
      clientId: writer.clientId,
      postId: post.id,
      userId: writer.id,
      kind,
    });
    if (!inserted) return;
    await bumpReactionCount(tx, { clientId: writer.clientId, postId: post.id, by: 1 });
    if (post.author_id === writer.id) return;
    await notify(tx, {
      clientId: writer.clientId,
      kind: 'reaction',
      to: { users: [post.author_id] },
      actorId: writer.id,
      title: `${writer.name} reacted to your post`,
      body: null,
      message: { key: 'reaction', params: { actor: writer.name } },
      link: postLink(post),
    });
  });
}
