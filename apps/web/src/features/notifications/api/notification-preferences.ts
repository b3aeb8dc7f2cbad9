import { type NotificationKind, NotificationPreferencesSchema } from '@rally/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const PreferencesResponseSchema = NotificationPreferencesSchema.extend({
  web_push_key: z.string().nullable(),
});
export type PreferencesResponse = z.infer<typeof PreferencesResponseSchema>;

export function getNotificationPreferences() {
  return api.get('/api/notifications/preferences', { schema: PreferencesResponseSchema });
}

export function getNotificationPreferencesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [userId, 'api/notifications/preferences'] as const,
    queryFn: getNotificationPreferences,
  });
}

/** The kinds the member turned off for push, and the Web Push key when the server has one. */
export function useNotificationPreferences(userId: string) {
  return useQuery(getNotificationPreferencesQueryOptions(userId));
}

export function updateNotificationPreferences(pushOff: NotificationKind[]) {
  return api.request('/api/notifications/preferences', {
    method: 'PUT',
    body: { push_off: pushOff },
    schema: PreferencesResponseSchema,
  });
}

/** Saves the kinds turned off; the switches move at once and move back if saving fails. */
export function useUpdateNotificationPreferences(userId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = getNotificationPreferencesQueryOptions(userId);
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onMutate: async (pushOff) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<PreferencesResponse>(queryKey);
      if (previous) queryClient.setQueryData(queryKey, { ...previous, push_off: pushOff });
      return { previous };
    },
    onError: (_error, _pushOff, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (data) => queryClient.setQueryData(queryKey, data),
  });
}
