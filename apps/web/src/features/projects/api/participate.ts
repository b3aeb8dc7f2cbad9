import { type ParticipateRequest, ParticipateResponseSchema } from '@rally/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { ActivityDetail } from './get-activity';
import { projectKeys, refreshProjectData } from './query-keys';

/** What taking part answers: the activity's new status, the points it earned and a quiz score. */
export type ParticipateResult = z.infer<typeof ParticipateResponseSchema>;

/**
 * POST /api/activities/{id}/participation with a body of the activity's type. A failed quiz answers 200
 * with `score.passed` false and records nothing; 409 when already done or waiting for review.
 */
export const participate = (activityId: string, body: ParticipateRequest) =>
  api.post(`/api/activities/${encodeURIComponent(activityId)}/participation`, body, {
    schema: ParticipateResponseSchema,
  });

/** Shows the new status at once, then refreshes everything the participation may have changed. */
export async function applyParticipation(
  queryClient: QueryClient,
  userId: string,
  activityId: string,
  result: ParticipateResult,
): Promise<void> {
  queryClient.setQueryData<ActivityDetail>(projectKeys.activity(userId, activityId), (previous) =>
    previous ? { ...previous, ...result.activity, can_participate: false } : previous,
  );
  await refreshProjectData(queryClient, userId);
}

export function useParticipate(userId: string, activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParticipateRequest) => participate(activityId, body),
    onSuccess: async (result) => {
      // A failed quiz changes nothing on the server.
      if (result.score && !result.score.passed) return;
      await applyParticipation(queryClient, userId, activityId, result);
    },
  });
}
