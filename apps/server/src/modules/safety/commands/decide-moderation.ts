import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { activities, comments, participations, posts } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/errors.ts';
import { notify } from '../../notifications/notify.ts';
import { announcePublishedComment, announcePublishedPost } from '../../posts/commands/publish-held.ts';
import { decideModerationItem } from '../safety.repository.ts';

/** Reason given to the member when a moderator removes their Brand Content caption. */
export const REMOVED_REASON = 'Removed by brand safety review';

interface Decision {
  clientId: string;
  id: string;
  decision: 'approve' | 'remove';
  moderatorId: string;
}

/**
 * Approves or removes a queued text, once: the item records who decided when, and its target follows.
 * Approve publishes a held post or comment. Remove takes a post or comment down, and rejects a Brand Content
 * submission still waiting for review; responses, shares, profile fields and chat keep their text (removing
 * it would destroy the member's work) and the item is only marked removed. Answers 409 when already decided.
 */
export async function decideModeration(db: Db, input: Decision): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const status = input.decision === 'approve' ? 'approved' : 'removed';
    // Only a still-pending item changes: of two decisions at once, the second finds none and answers 409.
    const item = await decideModerationItem(tx, { ...input, status, decidedBy: input.moderatorId });
    if (!item) throw conflict('This item was already decided', 'already_decided');
    const target = { clientId: input.clientId, id: item.targetId };
    if (item.targetKind === 'post') await decidePost(tx, target, input);
    else if (item.targetKind === 'comment') await decideComment(tx, target, input.decision);
    else if (item.targetKind === 'caption' && input.decision === 'remove')
      await rejectCaption(tx, target, input.moderatorId);
  });
}

type Target = { clientId: string; id: string };

async function decidePost(tx: Db, t: Target, input: Decision) {
  const where = and(eq(posts.id, t.id), eq(posts.clientId, t.clientId));
  if (input.decision === 'approve') {
    const published = await tx
      .update(posts)
      .set({ status: 'published' })
      .where(and(where, eq(posts.status, 'held')))
      .returning({ id: posts.id });
    // Held, it told nobody: now its mentions and team hear of it.
    if (published.length > 0) await announcePublishedPost(tx, t.id);
    return;
  }
  await tx
    .update(posts)
    .set({ status: 'removed', removedAt: new Date(), removedBy: input.moderatorId })
    .where(and(where, ne(posts.status, 'removed')));
}

/** A post's comment_count counts its published comments, so it follows a comment in or out of 'published'. */
async function decideComment(tx: Db, t: Target, decision: 'approve' | 'remove') {
  const where = and(eq(comments.id, t.id), eq(comments.clientId, t.clientId));
  const [before] = await tx
    .select({ status: comments.status, postId: comments.postId })
    .from(comments)
    .where(where);
  if (!before || before.status === 'removed') return;
  const next = decision === 'approve' ? 'published' : 'removed';
  if (before.status === next) return;
  await tx.update(comments).set({ status: next }).where(where);
  if (next === 'published' && before.status === 'held') await announcePublishedComment(tx, t.id);
  const delta = next === 'published' ? 1 : before.status === 'published' ? -1 : 0;
  if (delta !== 0) {
    await tx
      .update(posts)
      .set({ commentCount: sql`greatest(0, ${posts.commentCount} + ${delta})` })
      .where(eq(posts.id, before.postId));
  }
}

async function rejectCaption(tx: Db, t: Target, moderatorId: string) {
  const [rejected] = await tx
    .update(participations)
    .set({
      status: 'rejected',
      isComplete: false,
      rejectReason: REMOVED_REASON,
      reviewedBy: moderatorId,
      reviewedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(participations.id, t.id),
        eq(participations.clientId, t.clientId),
        eq(participations.status, 'pending'),
      ),
    )
    .returning({ userId: participations.userId, activityId: participations.activityId });
  if (!rejected) return;
  const [activity] = await tx
    .select({ title: activities.title, projectId: activities.projectId })
    .from(activities)
    .where(eq(activities.id, rejected.activityId));
  await notify(tx, {
    clientId: t.clientId,
    kind: 'participation_rejected',
    to: { users: [rejected.userId] },
    actorId: moderatorId,
    title: `Your submission to “${activity?.title ?? 'an activity'}” was not approved`,
    body: REMOVED_REASON,
    link: `/projects/${activity?.projectId}/activities/${rejected.activityId}`,
  });
}
