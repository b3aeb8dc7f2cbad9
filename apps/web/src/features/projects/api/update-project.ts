import { AdminProjectResponseSchema, type UpsertProjectRequest } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAdminProjects } from './admin-query-keys';

/** PATCH /api/admin/projects/{id} with the whole project → {project}. */
export const updateProject = ({ id, body }: { id: string; body: UpsertProjectRequest }) =>
  api.patch(`/api/admin/projects/${encodeURIComponent(id)}`, body, { schema: AdminProjectResponseSchema });

export function useUpdateProject(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: () => refreshAdminProjects(queryClient, userId),
  });
}
