import { type SafetySettings, SafetySettingsResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { safetyKeys } from './query-keys';

/** PUT /api/admin/safety/settings {flag_action} → {settings}. */
export const updateSafetySettings = (body: SafetySettings) =>
  api.request('/api/admin/safety/settings', { method: 'PUT', body, schema: SafetySettingsResponseSchema });

export function useUpdateSafetySettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSafetySettings,
    onSuccess: ({ settings }) => queryClient.setQueryData(safetyKeys.settings(userId), settings),
  });
}
