import { AdminClientResponseSchema, type UpdateAdminClientRequest } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useReloadClient } from '../../../lib/client';
import { clientSettingsKey } from './get-client-settings';

/** PATCH /api/admin/client with the changed fields only → {settings}. */
export const updateClientSettings = (body: UpdateAdminClientRequest) =>
  api.patch('/api/admin/client', body, { schema: AdminClientResponseSchema });

/**
 * Saves the settings, then re-reads the client so brand, words and features apply without a reload, and fetches
 * cached data that depends on the client again.
 */
export function useUpdateClientSettings(userId: string) {
  const queryClient = useQueryClient();
  const reloadClient = useReloadClient();
  return useMutation({
    mutationFn: updateClientSettings,
    onSuccess: async ({ settings }) => {
      queryClient.setQueryData(clientSettingsKey(userId), settings);
      await reloadClient();
      await queryClient.invalidateQueries();
    },
  });
}
