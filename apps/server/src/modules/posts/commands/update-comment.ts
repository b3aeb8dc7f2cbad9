import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { conflict } from '../../../lib/errors.ts';
import { queueForReview, screenMemberText } from '../../safety/safety.ts';
import { bumpCommentCount, updateCommentText } from '../comments.repository.ts';
import { notifyMentions } from '../feed-notices.ts';
import type { Writer } from '../posts.policy.ts';
import { findMemberIds } from '../posts.repository.ts';

type PostRef = { id: string; team_id: string | null; author_id: string };

/** The author changes a comment's text; screened again, newly mentioned members are told. */
export async function updateComment(
  db: Db,
  writer: Writer,
  post: PostRef,
  comment: { id: string; status: string; mentions: string[] },
  input: { body: string; mentions?: string[] },
): Promise<void> {
  // A held comment is under review as it was flagged: changing it now would publish text nobody reviewed.
  if (comment.status === 'held') {
    throw conflict(
      'This comment is waiting for review and cannot be changed until a moderator has decided',
      'held',
    );
  }
  const verdict = await screenMemberText(db, writer.clientId, 'Comment', input.body);
  const isFlagged = verdict.flagged.length > 0;
  const isHeld = isFlagged && verdict.hold;
  const mentions = input.mentions
    ? await findMemberIds(db, { clientId: writer.clientId, ids: input.mentions })
    : comment.mentions;
  const status = isHeld ? 'held' : comment.status;
  await withTransaction(db, async (tx) => {
    const changed = await updateCommentText(tx, {
      clientId: writer.clientId,
      id: comment.id,
      fromStatus: comment.status,
      body: input.body,
      mentions,
      status,
    });
    // Hidden for review now: it no longer counts on the post.
    if (changed && comment.status === 'published' && status === 'held')
      await bumpCommentCount(tx, { clientId: writer.clientId, postId: post.id, by: -1 });
    if (isFlagged) {
      await queueForReview(tx, {
        clientId: writer.clientId,
        targetKind: 'comment',
        targetId: comment.id,
        authorId: writer.id,
        text: input.body,
        matches: verdict.flagged,
        isHeld,
      });
    }
    if (status !== 'published') return;
    const added = mentions.filter((id) => !comment.mentions.includes(id) && id !== post.author_id);
    await notifyMentions(tx, {
      clientId: writer.clientId,
      actor: { id: writer.id, name: writer.name },
      mentionIds: added,
      post,
      text: input.body,
      where: 'comment',
    });
  });
}
