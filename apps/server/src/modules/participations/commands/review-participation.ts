import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { notify } from '../../notifications/notify.ts';
import { awardPoints } from '../../points/points.repository.ts';
import { addFeedItem } from '../../posts/commands/add-feed-item.ts';
import { emitWebhookEvent } from '../../webhooks/webhooks.events.ts';
import type { ReviewScope } from '../participations.policy.ts';
import {
  type AdminParticipationRow,
  decidePendingParticipation,
  findAdminParticipations,
} from '../participations.repository.ts';

export interface ReviewInput {
  clientId: string;
  /** The reviewer and the participations they may review (reviewScope of the policy). */
  reviewer: { id: string; scope: ReviewScope };
  participationId: string;
  decision: 'approve' | 'reject';
  reason?: string;
}

/**
 * Approves or rejects a pending Brand Content submission within the reviewer's scope, in one transaction:
 * approval awards the activity's points once, puts the content in the feed and emits participation.approved to the
 * client's webhooks; either way the member is told.
 * Answers the reviewed participation; 404 outside the scope, 409 for other work or a decided submission.
 */
export async function reviewParticipation(db: Db, input: ReviewInput): Promise<AdminParticipationRow> {
  const { clientId, reviewer, decision, reason } = input;
  const one = {
    clientId,
    scope: reviewer.scope,
    status: 'all',
    type: 'all',
    id: input.participationId,
    limit: 1,
  };
  const [row] = await findAdminParticipations(db, one);
  if (!row) throw notFound('Participation not found');
  if (row.activity_type !== 'content_submission')
    throw conflict('Only Brand Content submissions are reviewed');
  if (row.status !== 'pending')
    throw conflict(`This submission was already ${row.status}`, 'already_reviewed');
  await withTransaction(db, async (tx) => {
    const approved = decision === 'approve';
    // Only a still-pending row changes: of two reviews at once, the second finds none and answers 409.
    const decided = await decidePendingParticipation(tx, {
      clientId,
      participationId: row.id,
      reviewerId: reviewer.id,
      approved,
      reason: reason ?? null,
    });
    if (!decided) throw conflict('This submission was already reviewed', 'already_reviewed');
    if (approved) {
      const pointsAwarded = await awardPoints(tx, {
        clientId,
        userId: row.user_id,
        points: row.activity_points,
        projectId: row.project_id,
        source: `participation:${row.id}`,
      });
      const { caption, media_urls: images } = row.data; // approved Brand Content joins the feed
      await addFeedItem(tx, {
        clientId,
        authorId: row.user_id,
        kind: 'content',
        sourceId: row.id,
        body: caption,
        images,
      });
      await emitWebhookEvent(tx, {
        clientId,
        type: 'participation.approved',
        data: {
          participation: {
            id: row.id,
            activity_id: row.activity_id,
            project_id: row.project_id,
            member_id: row.user_id,
            status: 'approved',
            points_awarded: pointsAwarded,
          },
          reviewer_id: reviewer.id,
        },
      });
    }
    const hasPoints = approved && row.activity_points > 0;
    await notify(tx, {
      clientId,
      to: { users: [row.user_id] },
      actorId: reviewer.id,
      kind: approved ? 'participation_approved' : 'participation_rejected',
      title: approved
        ? `Your submission to “${row.activity_title}” was approved`
        : `Your submission to “${row.activity_title}” was not approved`,
      body: approved ? (hasPoints ? `You earned ${row.activity_points} points.` : null) : (reason ?? null),
      // A rejection's reason is the reviewer's own words: it stays as written in every language.
      message: {
        key: approved ? 'participation_approved' : 'participation_rejected',
        ...(hasPoints && { body_key: 'points_earned' as const }),
        params: { activity: row.activity_title, points: String(row.activity_points) },
      },
      link: `/projects/${row.project_id}/activities/${row.activity_id}`,
    });
  });
  const [fresh] = await findAdminParticipations(db, one);
  return fresh!;
}
