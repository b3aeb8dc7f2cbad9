import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { posts } from '../../../db/schema/index.ts';
import { badRequest, conflict } from '../../../lib/errors.ts';
import { notify } from '../../notifications/notify.ts';
import { queueForReview, screenMemberText, type TextVerdict } from '../../safety/safety.ts';
import { findClientUpload } from '../../uploads/uploads.service.ts';
import { fetchLinkPreview, findFirstUrl } from '../link-preview.ts';
import { isAnnouncer, type Viewer } from '../posts.policy.ts';
import { findMemberIds } from '../posts.repository.ts';
import { excerpt, notifyMentions, postLink } from './feed-notices.ts';

export interface Writer extends Viewer {
  clientId: string;
  name: string;
}

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
  const mentions = await findMemberIds(ctx.db, writer.clientId, input.mentions);
  // Fetched before the transaction: a slow site must not hold a database connection (or PGlite's only one).
  const link = await fetchLinkPreview(input.body);
  return ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .insert(posts)
      .values({
        clientId: writer.clientId,
        authorId: writer.id,
        teamId: input.teamId,
        body: input.body,
        images: input.images,
        link,
        mentions,
        status,
      })
      .returning({ id: posts.id });
    const post = { id: row!.id, team_id: input.teamId };
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
      await notify(tx, {
        clientId: writer.clientId,
        kind: 'team_announcement',
        to: { team: input.teamId },
        actorId: writer.id,
        title: `${writer.name} posted an announcement to your team`,
        body: excerpt(input.body) || null,
        link: postLink(post),
      });
    }
    return post.id;
  });
}

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
    ? await findMemberIds(ctx.db, writer.clientId, input.mentions)
    : post.mentions;
  const isSameLink = findFirstUrl(input.body) === findFirstUrl(post.body);
  const link = isSameLink ? undefined : await fetchLinkPreview(input.body);
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .update(posts)
      .set({
        body: input.body,
        mentions,
        status,
        editedAt: new Date(),
        ...(link === undefined ? {} : { link }),
      })
      .where(and(eq(posts.id, post.id), eq(posts.clientId, writer.clientId)));
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

const IMAGE_URL = /^\/api\/files\/[0-9a-f-]{36}\.(webp|png|jpe?g|gif|avif)$/i;

/**
 * Puts a member's share (kind 'share') or approved Brand Content (kind 'content') into the client's feed, once
 * per source: calling it again for the same source changes nothing. `body` and `images` may be taken straight
 * from stored data; anything that is not text or an image file URL is left out.
 */
export async function addFeedItem(
  db: Db,
  item: {
    clientId: string;
    authorId: string;
    kind: 'share' | 'content';
    sourceId: string;
    body: unknown;
    images: unknown;
  },
): Promise<void> {
  const body = typeof item.body === 'string' ? item.body.slice(0, 5_000) : '';
  const images = Array.isArray(item.images)
    ? item.images.filter((u): u is string => typeof u === 'string' && IMAGE_URL.test(u)).slice(0, 4)
    : [];
  // A share's text goes to the member's own network unreviewed, but in the feed it follows the client's rules:
  // flagged text is held (when the client holds) and queued as this post, so that a moderator decides here too.
  let verdict: TextVerdict = { flagged: [], hold: false };
  if (item.kind === 'share' && body) {
    try {
      verdict = await screenMemberText(db, item.clientId, 'Post', body);
    } catch {
      return; // blocked since it was written (a rule added meanwhile): it stays out of the feed
    }
  }
  const status = verdict.flagged.length > 0 && verdict.hold ? 'held' : 'published';
  const [row] = await db
    .insert(posts)
    .values({
      clientId: item.clientId,
      authorId: item.authorId,
      kind: item.kind,
      sourceId: item.sourceId,
      body,
      images,
      status,
    })
    .onConflictDoNothing({ target: [posts.clientId, posts.kind, posts.sourceId] })
    .returning({ id: posts.id });
  if (row && verdict.flagged.length > 0) {
    await queueForReview(db, {
      clientId: item.clientId,
      targetKind: 'post',
      targetId: row.id,
      authorId: item.authorId,
      text: body,
      matches: verdict.flagged,
      isHeld: status === 'held',
    });
  }
}
