import type { Db } from '../../../db/client.ts';
import { notify } from '../../notifications/notify.ts';
import type { HeldContentDecision } from '../../safety/safety.hooks.ts';
import { displayNameOf } from '../../users/people.presenter.ts';
import {
  bumpCommentCount,
  getCommentState,
  getCommentWithPost,
  setCommentStatus,
} from '../comments.repository.ts';
import { excerpt, notifyMentions, postLink } from '../feed-notices.ts';
import { getAuthor } from '../posts.repository.ts';

/**
 * A moderator's decision on a queued comment, registered with safety as the comments' publisher: approve
 * publishes a held comment (the post's author and the mentioned members hear of it then), remove takes it down.
 * A post's comment_count counts its published comments, so it follows a comment in or out of 'published'.
 * Runs in the moderation transaction.
 */
export async function moderateComment(tx: Db, d: HeldContentDecision): Promise<void> {
  const target = { clientId: d.clientId, id: d.id };
  const before = await getCommentState(tx, target);
  if (!before || before.status === 'removed') return;
  const next = d.decision === 'approve' ? 'published' : 'removed';
  if (before.status === next) return;
  await setCommentStatus(tx, { ...target, status: next });
  if (next === 'published' && before.status === 'held') await announcePublishedComment(tx, target);
  const delta = next === 'published' ? 1 : before.status === 'published' ? -1 : 0;
  if (delta !== 0) await bumpCommentCount(tx, { clientId: d.clientId, postId: before.postId, by: delta });
}

/** A held comment a moderator has just published: the post's author and the mentioned members hear of it. */
async function announcePublishedComment(tx: Db, target: { clientId: string; id: string }): Promise<void> {
  const row = await getCommentWithPost(tx, target);
  if (row?.comment.status !== 'published') return;
  const user = await getAuthor(tx, { clientId: target.clientId, userId: row.comment.authorId });
  if (!user) return;
  const author = { id: user.id, name: displayNameOf(user) };
  const ref = { id: row.post.id, team_id: row.post.teamId };
  if (row.post.authorId !== author.id) {
    await notify(tx, {
      clientId: row.post.clientId,
      kind: 'comment',
      to: { users: [row.post.authorId] },
      actorId: author.id,
      title: `${author.name} commented on your post`,
      body: excerpt(row.comment.body),
      message: { key: 'comment', params: { actor: author.name } },
      link: postLink(ref),
    });
  }
  await notifyMentions(tx, {
    clientId: row.post.clientId,
    actor: author,
    mentionIds: row.comment.mentions.filter((id) => id !== row.post.authorId),
    post: ref,
    text: row.comment.body,
    where: 'comment',
  });
}
