import type { ProjectsResponse } from '@rally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ActivityFilter } from '../utils/activity-types';
import { countPendingTrainings } from '../utils/trainings';
import { projectKeys } from './query-keys';

/**
 * GET /api/projects?type=…: the member's visible projects, optionally those with an activity of a type.
 * Typed, not parsed: every signed-in page asks it (pending trainings), so it stays free of zod for the first load
 * (issue 11); the server validates the answer against ProjectsResponseSchema before sending it.
 */
export const getProjects = (type: ActivityFilter = 'all') =>
  api.get<ProjectsResponse>('/api/projects', { query: { type } });

export function getProjectsQueryOptions(userId: string, type: ActivityFilter = 'all') {
  return queryOptions({ queryKey: projectKeys.list(userId, type), queryFn: () => getProjects(type) });
}

export function useProjects(userId: string, enabled = true, type: ActivityFilter = 'all') {
  // A new filter keeps the previous list on screen (dimmed) instead of flashing a loader.
  return useQuery({
    ...getProjectsQueryOptions(userId, type),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** Trainings still to do, for the user menu count and dot. */
export function usePendingTrainingCount(userId: string | null, enabled: boolean): number {
  const query = useProjects(userId ?? '', enabled && userId !== null);
  return query.data ? countPendingTrainings(query.data.projects) : 0;
}
