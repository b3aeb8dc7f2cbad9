import { AdminProjectResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAdminProjects } from './admin-query-keys';

/** POST /api/admin/projects/{id}/unarchive → {project}. */
export const unarchiveProject = (id: string) =>
  api.post(`/api/admin/projects/${encodeURIComponent(id)}/unarchive`, undefined, {
    schema: AdminProjectResponseSchema,
  });

export function useUnarchiveProject(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unarchiveProject,
    onSuccess: () => refreshAdminProjects(queryClient, userId),
  });
}
