import { AdminProjectResponseSchema, type UpsertProjectRequest } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAdminProjects } from './admin-query-keys';

/** POST /api/admin/projects → 201 {project}. */
export const createProject = (body: UpsertProjectRequest) =>
  api.post('/api/admin/projects', body, { schema: AdminProjectResponseSchema });

export function useCreateProject(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => refreshAdminProjects(queryClient, userId),
  });
}
