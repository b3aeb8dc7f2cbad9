import { OkResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshCreatives } from './query-keys';

/** DELETE /api/admin/library/creatives/{id} → {ok}: archived, so activities using it keep showing it. */
export const deleteCreative = (id: string) =>
  api.delete(`/api/admin/library/creatives/${encodeURIComponent(id)}`, { schema: OkResponseSchema });

export function useDeleteCreative(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCreative, onSuccess: () => refreshCreatives(queryClient, userId) });
}
