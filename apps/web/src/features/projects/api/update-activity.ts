import { AdminActivityResponseSchema, type UpsertActivityRequest } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAdminProjects } from './admin-query-keys';

/** PATCH /api/admin/activities/{id} with the whole activity (its type cannot change) → {activity}. */
export const updateActivity = ({ id, body }: { id: string; body: UpsertActivityRequest }) =>
  api.patch(`/api/admin/activities/${encodeURIComponent(id)}`, body, { schema: AdminActivityResponseSchema });

export function useUpdateActivity(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateActivity,
    onSuccess: () => refreshAdminProjects(queryClient, userId),
  });
}
