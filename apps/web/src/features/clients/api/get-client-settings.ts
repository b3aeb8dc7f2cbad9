import { AdminClientResponseSchema } from '@rally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Cache key of the client's settings; starts with the user id so data never leaks between sessions. */
export const clientSettingsKey = (userId: string) => [userId, 'api/admin/client'] as const;

/** GET /api/admin/client (ADMIN only). */
export const getClientSettings = () => api.get('/api/admin/client', { schema: AdminClientResponseSchema });

export function getClientSettingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: clientSettingsKey(userId),
    queryFn: async () => (await getClientSettings()).settings,
  });
}

export function useClientSettings(userId: string) {
  return useQuery(getClientSettingsQueryOptions(userId));
}
