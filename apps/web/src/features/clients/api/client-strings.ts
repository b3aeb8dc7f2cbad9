import { ClientStringsResponseSchema, type UpdateClientStringsRequest } from '@rally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Cache key of the client's text overrides; starts with the signed-in user's id, then the API path. */
export const clientStringsKey = (userId: string) => [userId, 'api/admin/client/strings'] as const;

/** GET /api/admin/client/strings (ADMIN only): every override, by stored key ('nav.home', 'es:nav.home'). */
export const getClientStrings = () =>
  api.get('/api/admin/client/strings', { schema: ClientStringsResponseSchema });

export function useClientStrings(userId: string) {
  return useQuery({
    queryKey: clientStringsKey(userId),
    queryFn: async () => (await getClientStrings()).strings,
  });
}

/** PATCH /api/admin/client/strings: only the keys sent change (null clears); 400 names a refused key. */
export const saveClientStrings = (body: UpdateClientStringsRequest) =>
  api.patch('/api/admin/client/strings', body, { schema: ClientStringsResponseSchema, retries: 0 });

export function useSaveClientStrings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClientStrings,
    onSuccess: (data) => queryClient.setQueryData(clientStringsKey(userId), data.strings),
  });
}
