import { ActivityDetailResponseSchema } from '@rally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { projectKeys } from './query-keys';

/** An activity with its type's content, the project's name and whether the member can take part now. */
export type ActivityDetail = z.infer<typeof ActivityDetailResponseSchema>['activity'];
/** The content of one activity type. */
export type ContentOf<T extends ActivityDetail['content']['type']> = Extract<
  ActivityDetail['content'],
  { type: T }
>;

/** GET /api/activities/{id}; 404 with the server's message when the member cannot see it. */
export const getActivity = (activityId: string) =>
  api.get(`/api/activities/${encodeURIComponent(activityId)}`, { schema: ActivityDetailResponseSchema });

export function getActivityQueryOptions(userId: string, activityId: string) {
  return queryOptions({
    queryKey: projectKeys.activity(userId, activityId),
    queryFn: async () => (await getActivity(activityId)).activity,
  });
}

export function useActivity(userId: string, activityId: string) {
  return useQuery(getActivityQueryOptions(userId, activityId));
}
