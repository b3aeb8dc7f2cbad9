import type { QueryClient } from '@tanstack/react-query';
import type { ActivityFilter } from '../utils/activity-types';

/**
 * Cache keys of the member's projects data. Every key starts with the user id (data never leaks between
 * sessions) and the API path, so one prefix refreshes every list and detail below it.
 */
export const projectKeys = {
  all: (userId: string) => [userId, 'api/projects'] as const,
  list: (userId: string, type: ActivityFilter) => [userId, 'api/projects', { type }] as const,
  detail: (userId: string, projectId: string) => [userId, 'api/projects', projectId] as const,
  activities: (userId: string) => [userId, 'api/activities'] as const,
  activity: (userId: string, activityId: string) => [userId, 'api/activities', activityId] as const,
  trainingLibrary: (userId: string) => [userId, 'api/training-library'] as const,
};

/**
 * After joining, leaving or taking part: projects (progress and the user menu's training count),
 * activities, the training library and the member's points may all have changed.
 */
export function refreshProjectData(queryClient: QueryClient, userId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.all(userId) }),
    queryClient.invalidateQueries({ queryKey: projectKeys.activities(userId) }),
    queryClient.invalidateQueries({ queryKey: projectKeys.trainingLibrary(userId) }),
    queryClient.invalidateQueries({ queryKey: [userId, 'api/stats'] }),
  ]);
}
