import { CreativeResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { UpsertCreativeRequest } from './create-creative';
import { refreshCreatives } from './query-keys';

/** PATCH /api/admin/library/creatives/{id} with the whole creative → {creative}. */
export const updateCreative = ({ id, body }: { id: string; body: UpsertCreativeRequest }) =>
  api.patch(`/api/admin/library/creatives/${encodeURIComponent(id)}`, body, {
    schema: CreativeResponseSchema,
  });

export function useUpdateCreative(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCreative, onSuccess: () => refreshCreatives(queryClient, userId) });
}
