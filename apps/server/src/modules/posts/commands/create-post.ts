import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { badRequest } from '../../../lib/errors.ts';
import { englishOf } from '../../notifications/notification-texts.ts';
import { getClientWords } from '../../notifications/notifications.repository.ts';
import { notify } from '../../notifications/notify.ts';
import { queueForReview, screenMemberText } from '../../safety/safety.ts';
import { findClientUpload } from '../../uploads/uploads.service.ts';
import { excerpt, notifyMentions, postLink } from '../feed-notices.ts';
import { fetchLinkPreview } from '../link-preview.ts';
import { isAnnouncer, type Writer } from '../posts.policy.ts';
import { findMemberIds, insertPost } from '../posts.repository.ts';

/** Checks that every image is a picture the writer uploaded as a post image on this client. */
async function checkImages(ctx: AppContext, writer: Writer, images: readonly string[]): Promise<void> {
  for (const url of images) {
    const upload = await findClientUpload(ctx, writer.clientId, url);
    const isOwnPostImage =
      upload?.type === 'post' && upload.userId === writer.id && upload.contentType.startsWith('image/');
    if (!isOwnPostImage)
      throw badRequest('images must be pictures you uploaded for a post (POST /api/upload type post)');
  }
}

/**
 * Writes a member's post: screens the text (400 when blocked; flagged text is published or held and queued for
 * review), keeps only mentions of the client's members, fetches the first link's preview, then notifies the
 * mentioned members and, for an admin's or lead's team post, the team. Returns the new post's id.
 */
export async function createPost(
  ctx: AppContext,
  writer: Writer,
  input: { body: string; images: string[]; teamId: string | null; mentions: string[] },
): Promise<string> {
  await checkImages(ctx, writer, input.images);
  const verdict = input.body ? await screenMemberText(ctx.db, writer.clientId, 'Post', input.body) : null;
  const isFlagged = (verdict?.flagged.length ?? 0) > 0;
  const status = isFlagged && verdict?.hold ? 'held' : 'published';
  const mentions = await findMemberIds(ctx.db, { clientId: writer.clientId, ids: input.mentions });
  // Fetched before the transaction: a slow site must not hold a database connection (or PGlite's only one).
  const link = await fetchLinkPreview(input.body);
  return withTransaction(ctx.db, async (tx) => {
    const id = await insertPost(tx, {
      clientId: writer.clientId,
      authorId: writer.id,
      teamId: input.teamId,
      body: input.body,
      images: input.images,
      link,
      mentions,
      status,
    });
    const post = { id, team_id: input.teamId };
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
    // A held post tells nobody until a moderator publishes it.
    if (status === 'held') return post.id;
    const actor = { id: writer.id, name: writer.name };
    await notifyMentions(tx, {
      clientId: writer.clientId,
      actor,
      mentionIds: mentions,
      post,
      text: input.body,
      where: 'post',
    });
    if (input.teamId && isAnnouncer(writer)) {
      const announcement = { key: 'team_announcement', params: { actor: writer.name } } as const;
      await notify(tx, {
        clientId: writer.clientId,
        kind: 'team_announcement',
        to: { team: input.teamId },
        actorId: writer.id,
        title: englishOf(announcement, await getClientWords(tx, { clientId: writer.clientId })).title,
        body: excerpt(input.body) || null,
        message: announcement,
        link: postLink(post),
      });
    }
    return post.id;
  });
}
