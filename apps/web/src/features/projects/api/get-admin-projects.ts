import { AdminProjectsResponseSchema } from '@rally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminProjectKeys, type ProjectStatusFilter } from './admin-query-keys';

/** GET /api/admin/projects?status= (ADMIN only). */
export const getAdminProjects = (status: ProjectStatusFilter) =>
  api.get('/api/admin/projects', { query: { status }, schema: AdminProjectsResponseSchema });

export function getAdminProjectsQueryOptions(userId: string, status: ProjectStatusFilter) {
  return queryOptions({
    queryKey: adminProjectKeys.list(userId, status),
    queryFn: async () => (await getAdminProjects(status)).projects,
  });
}

export function useAdminProjects(userId: string, status: ProjectStatusFilter) {
  return useQuery(getAdminProjectsQueryOptions(userId, status));
}
