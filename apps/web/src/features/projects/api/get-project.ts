import { ProjectDetailResponseSchema } from '@rally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { projectKeys } from './query-keys';

/** A project with its activities and the member's status in each. */
export type ProjectDetail = z.infer<typeof ProjectDetailResponseSchema>['project'];

/** GET /api/projects/{id}; 404 with the server's message when the member cannot see it. */
export const getProject = (projectId: string) =>
  api.get(`/api/projects/${encodeURIComponent(projectId)}`, { schema: ProjectDetailResponseSchema });

export function getProjectQueryOptions(userId: string, projectId: string) {
  return queryOptions({
    queryKey: projectKeys.detail(userId, projectId),
    queryFn: async () => (await getProject(projectId)).project,
  });
}

export function useProject(userId: string, projectId: string) {
  return useQuery(getProjectQueryOptions(userId, projectId));
}
