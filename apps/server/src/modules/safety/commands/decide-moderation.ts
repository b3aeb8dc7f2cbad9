import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { conflict } from '../../../lib/errors.ts';
import { notify } from '../../notifications/notify.ts';
import { heldContentPublisherOf } from '../safety.hooks.ts';
import { decideModerationItem, getActivityTitle, rejectPendingCaption } from '../safety.repository.ts';

/** Reason given to the member when a moderator removes their Brand Content caption. */
export const REMOVED_REASON = 'Removed by brand safety review';

interface ModerationInput {
  clientId: string;
  id: string;
  decision: 'approve' | 'remove';
  moderatorId: string;
}

/**
 * Approves or removes a queued text, once: the item records who decided when, and its target follows.
 * Approve publishes a held post, comment or chat message. Remove takes a post, comment or chat message down, and
 * rejects a Brand Content submission still waiting for review; responses, shares and profile fields keep their text
 * (removing it would destroy the member's work) and the item is only marked removed. Answers 409 when already
 * decided. Posts and comments are the feed's, chat messages chat's: each registers its publisher (safety.hooks.ts),
 * which applies the decision.
 */
export async function decideModeration(db: Db, input: ModerationInput): Promise<void> {
  await withTransaction(db, async (tx) => {
    const status = input.decision === 'approve' ? 'approved' : 'removed';
    // Only a still-pending item changes: of two decisions at once, the second finds none and answers 409.
    const item = await decideModerationItem(tx, { ...input, status, decidedBy: input.moderatorId });
    if (!item) throw conflict('This item was already decided', 'already_decided');
    const target = { clientId: input.clientId, id: item.targetId };
    if (item.targetKind === 'caption') {
      if (input.decision === 'remove') await rejectCaption(tx, target, input.moderatorId);
      return;
    }
    const publish = heldContentPublisherOf(item.targetKind);
    if (publish) await publish(tx, { ...target, decision: input.decision, moderatorId: input.moderatorId });
  });
}

async function rejectCaption(tx: Db, t: { clientId: string; id: string }, moderatorId: string) {
  const rejected = await rejectPendingCaption(tx, {
    clientId: t.clientId,
    id: t.id,
    reviewedBy: moderatorId,
    reason: REMOVED_REASON,
  });
  if (!rejected) return;
  const activity = await getActivityTitle(tx, { clientId: t.clientId, activityId: rejected.activityId });
  await notify(tx, {
    clientId: t.clientId,
    kind: 'participation_rejected',
    to: { users: [rejected.userId] },
    actorId: moderatorId,
    title: `Your submission to “${activity?.title ?? 'an activity'}” was not approved`,
    body: REMOVED_REASON,
    // Without the activity's title the English fallback says "an activity": that one stays English.
    ...(activity && {
      message: {
        key: 'participation_rejected',
        body_key: 'removed_by_review',
        params: { activity: activity.title },
      },
    }),
    link: `/projects/${activity?.projectId}/activities/${rejected.activityId}`,
  });
}
