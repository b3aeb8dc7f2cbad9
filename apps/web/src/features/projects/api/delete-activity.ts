import { OkResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAdminProjects } from './admin-query-keys';

/** DELETE /api/admin/activities/{id} → {ok}: the activity is archived, members keep their points. */
export const deleteActivity = (id: string) =>
  api.delete(`/api/admin/activities/${encodeURIComponent(id)}`, { schema: OkResponseSchema });

export function useDeleteActivity(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActivity,
    onSuccess: () => refreshAdminProjects(queryClient, userId),
  });
}
