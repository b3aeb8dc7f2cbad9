import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { badRequest, conflict } from '../../../lib/errors.ts';
import { queueForReview, screenMemberText } from '../../safety/safety.ts';
import { notifyMentions } from '../feed-notices.ts';
import { fetchLinkPreview, findFirstUrl } from '../link-preview.ts';
import type { Writer } from '../posts.policy.ts';
import { findMemberIds, updatePostText } from '../posts.repository.ts';

/**
 * The author changes a post's text: screened again (a flagged text needing a hold hides the post until review),
 * the link preview follows the first link, and members newly mentioned are told.
 */
export async function updatePost(
  ctx: AppContext,
  writer: Writer,
  post: {
    id: string;
    team_id: string | null;
    body: string;
    images: string[];
    status: string;
    mentions: string[];
  },
  input: { body: string; mentions?: string[] },
): Promise<void> {
  // A held post is under review as it was flagged: changing it now would publish text nobody reviewed.
  if (post.status === 'held') {
    throw conflict(
      'This post is waiting for review and cannot be changed until a moderator has decided',
      'held',
    );
  }
  if (!input.body && post.images.length === 0)
    throw badRequest('body cannot be empty: write something or keep a picture');
  const verdict = input.body ? await screenMemberText(ctx.db, writer.clientId, 'Post', input.body) : null;
  const isFlagged = (verdict?.flagged.length ?? 0) > 0;
  const status = isFlagged && verdict?.hold ? 'held' : post.status;
  const mentions = input.mentions
    ? await findMemberIds(ctx.db, { clientId: writer.clientId, ids: input.mentions })
    : post.mentions;
  const isSameLink = findFirstUrl(input.body) === findFirstUrl(post.body);
  const link = isSameLink ? undefined : await fetchLinkPreview(input.body);
  await withTransaction(ctx.db, async (tx) => {
    await updatePostText(tx, {
      clientId: writer.clientId,
      id: post.id,
      body: input.body,
      mentions,
      status,
      link,
    });
    if (isFlagged) {
      await queueForReview(tx, {
        clientId: writer.clientId,
        targetKind: 'post',
        targetId: post.id,
        authorId: writer.id,
        text: input.body,
        matches: verdict!.flagged,
        isHeld: status === 'held',
      });
    }
    if (status !== 'published') return;
    const added = mentions.filter((id) => !post.mentions.includes(id));
    await notifyMentions(tx, {
      clientId: writer.clientId,
      actor: { id: writer.id, name: writer.name },
      mentionIds: added,
      post,
      text: input.body,
      where: 'post',
    });
  });
}
