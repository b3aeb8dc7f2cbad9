import { and, eq, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../../db/client.ts';
import { comments, posts } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/errors.ts';
import { notify } from '../../notifications/notify.ts';
import { queueForReview, screenMemberText } from '../../safety/safety.ts';
import { findMemberIds } from '../posts.repository.ts';
import { excerpt, notifyMentions, postLink } from './feed-notices.ts';
import type { Writer } from './write-post.ts';

type PostRef = { id: string; team_id: string | null; author_id: string };

/**
 * Keeps posts.comment_count equal to the post's published comments. It is changed by increments in the
 * transaction of the change (never recounted): on PostgreSQL, concurrent writers then each add their own
 * step to the latest row version instead of overwriting each other's count.
 */
async function bumpCommentCount(tx: Db, postId: string, by: number): Promise<void> {
  await tx
    .update(posts)
    .set({ commentCount: sql`greatest(${posts.commentCount} + ${by}, 0)` })
    .where(eq(posts.id, postId));
}

/** Screens a comment's text and tells whether it is flagged and must be held. */
async function screen(db: Db, clientId: string, body: string) {
  const verdict = await screenMemberText(db, clientId, 'Comment', body);
  const isFlagged = verdict.flagged.length > 0;
  return { verdict, isFlagged, isHeld: isFlagged && verdict.hold };
}

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
  const { verdict, isFlagged, isHeld } = await screen(db, writer.clientId, input.body);
  const mentions = await findMemberIds(db, writer.clientId, input.mentions);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .insert(comments)
      .values({
        clientId: writer.clientId,
        postId: post.id,
        authorId: writer.id,
        body: input.body,
        mentions,
        status: isHeld ? 'held' : 'published',
      })
      .returning({ id: comments.id });
    if (isFlagged) {
      await queueForReview(tx, {
        clientId: writer.clientId,
        targetKind: 'comment',
        targetId: row!.id,
        authorId: writer.id,
        text: input.body,
        matches: verdict.flagged,
        isHeld,
      });
    }
    if (isHeld) return row!.id;
    await bumpCommentCount(tx, post.id, 1);
    if (post.author_id !== writer.id) {
      await notify(tx, {
        clientId: writer.clientId,
        kind: 'comment',
        to: { users: [post.author_id] },
        actorId: writer.id,
        title: `${writer.name} commented on your post`,
        body: excerpt(input.body),
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
    return row!.id;
  });
}

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
  const { verdict, isFlagged, isHeld } = await screen(db, writer.clientId, input.body);
  const mentions = input.mentions
    ? await findMemberIds(db, writer.clientId, input.mentions)
    : comment.mentions;
  const status = isHeld ? 'held' : comment.status;
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [changed] = await tx
      .update(comments)
      .set({ body: input.body, mentions, status, editedAt: new Date() })
      .where(and(eq(comments.id, comment.id), eq(comments.status, comment.status)))
      .returning({ id: comments.id });
    // Hidden for review now: it no longer counts on the post.
    if (changed && comment.status === 'published' && status === 'held')
      await bumpCommentCount(tx, post.id, -1);
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

/** Removes a comment (kept as 'removed'); a published one stops counting on its post. Idempotent. */
export async function removeComment(db: Db, comment: { id: string; post_id: string }): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Locks the row and reads its latest status first, so two removals at once count down once.
    const [old] = await selectRows<{ status: string }>(
      tx,
      sql`with old as (select id, status from comments where id = ${comment.id} for update)
          update comments c set status = 'removed' from old
          where c.id = old.id and old.status <> 'removed' returning old.status`,
    );
    if (old?.status === 'published') await bumpCommentCount(tx, comment.post_id, -1);
  });
}
