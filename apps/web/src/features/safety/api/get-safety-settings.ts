import { SafetySettingsResponseSchema } from '@rally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { safetyKeys } from './query-keys';

/** GET /api/admin/safety/settings → {settings: {flag_action}}. */
export const getSafetySettings = () =>
  api.get('/api/admin/safety/settings', { schema: SafetySettingsResponseSchema });

export function getSafetySettingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: safetyKeys.settings(userId),
    queryFn: async () => (await getSafetySettings()).settings,
  });
}

export function useSafetySettings(userId: string) {
  return useQuery(getSafetySettingsQueryOptions(userId));
}
