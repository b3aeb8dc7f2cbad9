import type { Db } from '../../../db/client.ts';
import { conflict, HttpError, notFound } from '../../../lib/errors.ts';
import { recordParticipation } from '../../activities/commands/record-participation.ts';
import { addFeedItem } from '../../posts/commands/add-feed-item.ts';
import { getActivityBlocker } from '../../projects/projects.policy.ts';
import { getMemberActivity, type MemberActivityRow } from '../../projects/projects.repository.ts';
import { getMemberShare, markSharePosted } from '../shares.repository.ts';

export interface CompleteShareInput {
  clientId: string;
  userId: string;
  shareId: string;
  /** Where the member posted it, when they said. */
  postUrl: string | null;
}

const ALREADY = 'You already completed this activity';

/**
 * The member posted their share: records the participation (its points once), marks the share posted and puts
 * it in the feed. The same post shared on a second network is marked posted too, but earns nothing more (the
 * activity's one participation already has its share). Answers the activity as it is now and the points this
 * call awarded.
 */
export async function completeShare(
  db: Db,
  input: CompleteShareInput,
): Promise<{ activity: MemberActivityRow; pointsAwarded: number }> {
  const q = { clientId: input.clientId, userId: input.userId };
  const share = await getMemberShare(db, { ...q, shareId: input.shareId });
  if (!share) throw notFound('Share not found');
  const activity = await getMemberActivity(db, { ...q, activityId: share.activityId });
  if (!activity) throw notFound('Activity not found');
  const blocker = getActivityBlocker(activity);
  if (blocker) throw conflict(blocker.message, 'cannot_participate');
  if (share.sharedAt) throw conflict(ALREADY, 'already_participated');
  const { postUrl } = input;
  let pointsAwarded = 0;
  try {
    const result = await recordParticipation(db, {
      ...q,
      activity,
      status: 'completed',
      data: { share_id: share.id, channel: share.channel, text: share.text, post_url: postUrl },
    });
    pointsAwarded = result.pointsAwarded;
  } catch (error) {
    // Another network's share holds the participation: this one is posted all the same, for no points. The
    // same share confirmed twice at once stays a conflict (its participation names it).
    if (!(error instanceof HttpError) || error.code !== 'already_participated') throw error;
    const now = await getMemberActivity(db, { ...q, activityId: activity.id });
    if (!now?.participation_data || now.participation_data.share_id === share.id) throw error;
    await markSharePosted(db, { clientId: q.clientId, shareId: share.id, postUrl });
    return { activity: now, pointsAwarded: 0 };
  }
  await markSharePosted(db, { clientId: q.clientId, shareId: share.id, postUrl });
  await addFeedItem(db, {
    clientId: q.clientId,
    authorId: q.userId,
    kind: 'share',
    sourceId: share.id,
    body: share.text,
    images: [],
  });
  const fresh = await getMemberActivity(db, { ...q, activityId: activity.id });
  return { activity: fresh!, pointsAwarded };
}
