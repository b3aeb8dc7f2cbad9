import { CustomUrlResponseSchema } from '@rally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Cache key of the client's custom URL; starts with the signed-in user's id, then the API path. */
export const customUrlKey = (userId: string) => [userId, 'api/admin/client/custom-url'] as const;

/** GET /api/admin/client/custom-url (ADMIN only). */
export const getCustomUrl = () =>
  api.get('/api/admin/client/custom-url', { schema: CustomUrlResponseSchema });

export function useCustomUrl(userId: string) {
  return useQuery({ queryKey: customUrlKey(userId), queryFn: getCustomUrl });
}

/** PUT /api/admin/client/custom-url {custom_url}: 400 with SPEC 5's message, 409 when another program has it. */
export const saveCustomUrl = (customUrl: string) =>
  api.request('/api/admin/client/custom-url', {
    method: 'PUT',
    body: { custom_url: customUrl },
    schema: CustomUrlResponseSchema,
    retries: 0,
  });

export function useSaveCustomUrl(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCustomUrl,
    onSuccess: (data) => queryClient.setQueryData(customUrlKey(userId), data),
  });
}
