import { ActivitySharesResponseSchema } from '@rally/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Share } from './create-share';
import { projectKeys } from './query-keys';

/** Cache key of the member's links of one activity (under the activity's, so a participation refreshes it). */
export const activitySharesKey = (userId: string, activityId: string) =>
  [...projectKeys.activity(userId, activityId), 'shares'] as const;

/** GET /api/activities/{id}/shares: the member's tracked links of the activity, newest first. */
export const getActivityShares = (activityId: string) =>
  api.get(`/api/activities/${encodeURIComponent(activityId)}/shares`, {
    schema: ActivitySharesResponseSchema,
  });

/** The member's links of the activity: a share not confirmed yet survives a reload and waits here. */
export function useActivityShares(userId: string, activityId: string, enabled = true) {
  return useQuery({
    queryKey: activitySharesKey(userId, activityId),
    queryFn: async (): Promise<Share[]> => (await getActivityShares(activityId)).shares,
    enabled,
  });
}
