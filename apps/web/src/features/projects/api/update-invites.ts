import { AdminProjectDetailResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAdminProjects } from './admin-query-keys';

/** PUT /api/admin/projects/{id}/invites {user_ids} → the project: the exact list of invited members. */
export const updateInvites = ({ projectId, userIds }: { projectId: string; userIds: string[] }) =>
  api.request(`/api/admin/projects/${encodeURIComponent(projectId)}/invites`, {
    method: 'PUT',
    body: { user_ids: userIds },
    schema: AdminProjectDetailResponseSchema,
  });

export function useUpdateInvites(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvites,
    onSuccess: () => refreshAdminProjects(queryClient, userId),
  });
}
