import {
  ApiKeysResponseSchema,
  type CreateApiKeyRequest,
  CreatedApiKeyResponseSchema,
  OkResponseSchema,
} from '@rally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Cache keys start with the signed-in user's id, then the API path. */
export const apiKeysKey = (userId: string) => [userId, 'api/admin/api-keys'] as const;

/** GET /api/admin/api-keys (ADMIN only): the client's keys, newest first, never their tokens. */
export function useApiKeys(userId: string) {
  return useQuery({
    queryKey: apiKeysKey(userId),
    queryFn: () => api.get('/api/admin/api-keys', { schema: ApiKeysResponseSchema }),
  });
}

/** POST /api/admin/api-keys: the answer carries the token, this once. */
export function useCreateApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) =>
      api.post('/api/admin/api-keys', body, { schema: CreatedApiKeyResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(userId) }),
  });
}

/** DELETE /api/admin/api-keys/:id: the key's next call is refused. */
export function useRevokeApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/admin/api-keys/${id}`, { schema: OkResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(userId) }),
  });
}
