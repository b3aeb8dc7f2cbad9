import { OkResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshTemplates } from './query-keys';

/** DELETE /api/admin/library/templates/{id} → {ok}: archived, so activities using it keep showing it. */
export const deleteTemplate = (id: string) =>
  api.delete(`/api/admin/library/templates/${encodeURIComponent(id)}`, { schema: OkResponseSchema });

export function useDeleteTemplate(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTemplate, onSuccess: () => refreshTemplates(queryClient, userId) });
}
