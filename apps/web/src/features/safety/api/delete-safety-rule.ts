import { OkResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshRules } from './query-keys';

/** DELETE /api/admin/safety/rules/{id}. */
export const deleteSafetyRule = (id: string) =>
  api.delete(`/api/admin/safety/rules/${encodeURIComponent(id)}`, { schema: OkResponseSchema });

export function useDeleteSafetyRule(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSafetyRule,
    onSuccess: () => refreshRules(queryClient, userId),
  });
}
