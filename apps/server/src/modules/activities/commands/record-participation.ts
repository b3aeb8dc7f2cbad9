import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { conflict } from '../../../lib/errors.ts';
import {
  insertParticipation,
  lockParticipation,
  resubmitParticipation,
} from '../../participations/participations.repository.ts';
import { awardPoints } from '../../points/points.repository.ts';
import { emitWebhookEvent } from '../../webhooks/webhooks.events.ts';

export interface ParticipationInput {
  clientId: string;
  userId: string;
  activity: { id: string; points: number; project_id: string };
  /** completed awards the points now; pending waits for review. */
  status: 'completed' | 'pending';
  data: Record<string, unknown>;
}

/**
 * Records the member's one participation in an activity and awards its points once when completed, and emits
 * participation.submitted to the client's webhooks. A rejected submission may be sent again; anything else already
 * recorded answers 409 and changes nothing.
 */
export async function recordParticipation(db: Db, input: ParticipationInput) {
  return withTransaction(db, async (tx) => {
    const isComplete = input.status === 'completed';
    const values = { status: input.status, data: input.data, isComplete, updatedAt: new Date() };
    const member = { clientId: input.clientId, activityId: input.activity.id, userId: input.userId };
    // Insert first and lock what is already there: two concurrent calls then meet at the unique index, and the
    // later one waits and sees the committed row (409) instead of failing on a duplicate key.
    let row = await insertParticipation(tx, { ...member, values });
    if (!row) {
      const existing = await lockParticipation(tx, member);
      if (existing?.status !== 'rejected') {
        throw conflict(
          existing?.status === 'pending'
            ? 'Your submission is waiting for review'
            : 'You already completed this activity',
          'already_participated',
        );
      }
      row = await resubmitParticipation(tx, {
        clientId: input.clientId,
        participationId: existing.id,
        values,
      });
    }
    const pointsAwarded = isComplete
      ? await awardPoints(tx, {
          clientId: input.clientId,
          userId: input.userId,
          points: input.activity.points,
          projectId: input.activity.project_id,
          source: `participation:${row!.id}`,
        })
      : 0;
    await emitWebhookEvent(tx, {
      clientId: input.clientId,
      type: 'participation.submitted',
      data: {
        participation: {
          id: row!.id,
          activity_id: input.activity.id,
          project_id: input.activity.project_id,
          member_id: input.userId,
          status: input.status,
          points_awarded: pointsAwarded,
        },
      },
    });
    return { participation: row!, pointsAwarded };
  });
}
