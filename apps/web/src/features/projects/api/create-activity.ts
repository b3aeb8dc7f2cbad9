import { AdminActivityResponseSchema, type UpsertActivityRequest } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAdminProjects } from './admin-query-keys';

/** POST /api/admin/projects/{id}/activities → 201 {activity}. */
export const createActivity = ({ projectId, body }: { projectId: string; body: UpsertActivityRequest }) =>
  api.post(`/api/admin/projects/${encodeURIComponent(projectId)}/activities`, body, {
    schema: AdminActivityResponseSchema,
  });

export function useCreateActivity(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createActivity,
    onSuccess: () => refreshAdminProjects(queryClient, userId),
  });
}
