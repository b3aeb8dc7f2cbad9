import { ProjectsResponseSchema } from '@rally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { countPendingTrainings } from '../utils/trainings';

export const getProjects = () => api.get('/api/projects', { schema: ProjectsResponseSchema });

export function getProjectsQueryOptions(userId: string) {
  return queryOptions({ queryKey: [userId, 'api/projects'], queryFn: getProjects });
}

export function useProjects(userId: string, enabled = true) {
  return useQuery({ ...getProjectsQueryOptions(userId), enabled });
}

/** Trainings still to do, for the user menu count and dot. */
export function usePendingTrainingCount(userId: string | null, enabled: boolean): number {
  const query = useProjects(userId ?? '', enabled && userId !== null);
  return query.data ? countPendingTrainings(query.data.projects) : 0;
}
