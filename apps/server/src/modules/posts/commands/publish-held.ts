import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { comments, posts, users } from '../../../db/schema/index.ts';
import { notify } from '../../notifications/notify.ts';
import { displayNameOf } from '../../users/people.presenter.ts';
import { isAnnouncer } from '../posts.policy.ts';
import { excerpt, notifyMentions, postLink } from './feed-notices.ts';

async function authorOf(tx: Db, userId: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId));
  return row ? { id: row.id, role: row.role, name: displayNameOf(row) } : null;
}

/**
 * A held post a moderator has just published: now its mentions (and, for an admin's or lead's team post, the
 * team) hear of it, as they would have when it was written. Call in the moderation transaction.
 */
export async function announcePublishedPost(tx: Db, postId: string): Promise<void> {
  const [post] = await tx.select().from(posts).where(eq(posts.id, postId));
  if (post?.status !== 'published') return;
  const author = await authorOf(tx, post.authorId);
  if (!author) return;
  const ref = { id: post.id, team_id: post.teamId };
  await notifyMentions(tx, {
    clientId: post.clientId,
    actor: author,
    mentionIds: post.mentions,
    post: ref,
    text: post.body,
    where: 'post',
  });
  if (post.teamId && isAnnouncer({ id: author.id, role: author.role, teamTags: [] })) {
    await notify(tx, {
      clientId: post.clientId,
      kind: 'team_announcement',
      to: { team: post.teamId },
      actorId: author.id,
      title: `${author.name} posted an announcement to your team`,
      body: excerpt(post.body) || null,
      link: postLink(ref),
    });
  }
}

/** A held comment a moderator has just published: the post's author and the mentioned members hear of it. */
export async function announcePublishedComment(tx: Db, commentId: string): Promise<void> {
  const [row] = await tx
    .select({ comment: comments, post: posts })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, commentId));
  if (row?.comment.status !== 'published') return;
  const author = await authorOf(tx, row.comment.authorId);
  if (!author) return;
  const ref = { id: row.post.id, team_id: row.post.teamId };
  if (row.post.authorId !== author.id) {
    await notify(tx, {
      clientId: row.post.clientId,
      kind: 'comment',
      to: { users: [row.post.authorId] },
      actorId: author.id,
      title: `${author.name} commented on your post`,
      body: excerpt(row.comment.body),
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
