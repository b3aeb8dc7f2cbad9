import { AdminProjectResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAdminProjects } from './admin-query-keys';

/** POST /api/admin/projects/{id}/archive → {project}: hidden from members, kept with its history. */
export const archiveProject = (id: string) =>
  api.post(`/api/admin/projects/${encodeURIComponent(id)}/archive`, undefined, {
    schema: AdminProjectResponseSchema,
  });

export function useArchiveProject(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveProject,
    onSuccess: () => refreshAdminProjects(queryClient, userId),
  });
}
