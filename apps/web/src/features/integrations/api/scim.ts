import {
  CreatedScimTokenResponseSchema,
  type CreateScimTokenRequest,
  OkResponseSchema,
  ScimTokensResponseSchema,
} from '@rally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Cache keys start with the signed-in user's id, then the API path. */
export const scimTokensKey = (userId: string) => [userId, 'api/admin/scim-tokens'] as const;

/** GET /api/admin/scim-tokens (ADMIN only): the tokens (never their secrets) and the SCIM base URL. */
export function useScimTokens(userId: string) {
  return useQuery({
    queryKey: scimTokensKey(userId),
    queryFn: () => api.get('/api/admin/scim-tokens', { schema: ScimTokensResponseSchema }),
  });
}

/** POST /api/admin/scim-tokens: the answer carries the token, this once. */
export function useCreateScimToken(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateScimTokenRequest) =>
      api.post('/api/admin/scim-tokens', body, { schema: CreatedScimTokenResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimTokensKey(userId) }),
  });
}

/** DELETE /api/admin/scim-tokens/{id}: the provider's next call is refused. */
export function useRevokeScimToken(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/admin/scim-tokens/${id}`, { schema: OkResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimTokensKey(userId) }),
  });
}
