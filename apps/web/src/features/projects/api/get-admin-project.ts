import { AdminProjectDetailResponseSchema } from '@rally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminProjectKeys } from './admin-query-keys';

/** A project with its activities (full configuration) and invited user ids. */
export type AdminProjectDetail = z.infer<typeof AdminProjectDetailResponseSchema>['project'];

/** GET /api/admin/projects/{id}. */
export const getAdminProject = (projectId: string) =>
  api.get(`/api/admin/projects/${encodeURIComponent(projectId)}`, {
    schema: AdminProjectDetailResponseSchema,
  });

export function getAdminProjectQueryOptions(userId: string, projectId: string) {
  return queryOptions({
    queryKey: adminProjectKeys.detail(userId, projectId),
    queryFn: async () => (await getAdminProject(projectId)).project,
  });
}

export function useAdminProject(userId: string, projectId: string) {
  return useQuery(getAdminProjectQueryOptions(userId, projectId));
}
