import { CreativeResponseSchema, type UpsertCreativeRequestSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { refreshCreatives } from './query-keys';

export type UpsertCreativeRequest = z.input<typeof UpsertCreativeRequestSchema>;

/** POST /api/admin/library/creatives → 201 {creative}. */
export const createCreative = (body: UpsertCreativeRequest) =>
  api.post('/api/admin/library/creatives', body, { schema: CreativeResponseSchema });

export function useCreateCreative(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCreative, onSuccess: () => refreshCreatives(queryClient, userId) });
}
