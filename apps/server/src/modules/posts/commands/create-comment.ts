import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { notify } from '../../notifications/notify.ts';
import { queueForReview, screenMemberText } from '../../safety/safety.ts';
import { bumpCommentCount, insertComment } from '../comments.repository.ts';
import { excerpt, notifyMentions, postLink } from '../feed-notices.ts';
import type { Writer } from '../posts.policy.ts';
import { findMemberIds } from '../posts.repository.ts';

type PostRef = { id: string; team_id: string | null; author_id: string };

/**
 * Writes a comment on a post: screened like every member text; published ones count on the post and notify
 * the post's author (comment) and the mentioned members. Returns the new comment's id.
 */
export async function createComment(
  db: Db,
  writer: Writer,
  post: PostRef,
  input: { body: string; mentions: string[] },
): Promise<string> {
  const verdict = await screenMemberText(db, writer.clientId, 'Comment', input.body);
  const isFlagged = verdict.flagged.length > 0;
  const isHeld = isFlagged && verdict.hold;
  const mentions = await findMemberIds(db, { clientId: writer.clientId, ids: input.mentions });
  return withTransaction(db, async (tx) => {
    const id = await insertComment(tx, {
      clientId: writer.clientId,
      postId: post.id,
      authorId: writer.id,
      body: input.body,
      mentions,
      status: isHeld ? 'held' : 'published',
    });
    if (isFlagged) {
      await queueForReview(tx, {
        clientId: writer.clientId,
        targetKind: 'comment',
        targetId: id,
        authorId: writer.id,
        text: input.body,
        matches: verdict.flagged,
        isHeld,
      });
    }
    if (isHeld) return id;
    await bumpCommentCount(tx, { clientId: writer.clientId, postId: post.id, by: 1 });
    if (post.author_id !== writer.id) {
      await notify(tx, {
        clientId: writer.clientId,
        kind: 'comment',
        to: { users: [post.author_id] },
        actorId: writer.id,
        title: `${writer.name} commented on your post`,
        body: excerpt(input.body),
        message: { key: 'comment', params: { actor: writer.name } },
        link: postLink(post),
      });
    }
    const actor = { id: writer.id, name: writer.name };
    // The post's author already hears of the comment; a mention of them would say it twice.
    const others = mentions.filter((id) => id !== post.author_id);
    await notifyMentions(tx, {
      clientId: writer.clientId,
      actor,
      mentionIds: others,
      post,
      text: input.body,
      where: 'comment',
    });
    return id;
  });
}
