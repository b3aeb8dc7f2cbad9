import { NotificationSchema, OkResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { getNotificationsQueryKey } from './get-notifications';

const NotificationResponseSchema = z.object({ notification: NotificationSchema });

/** PATCH /api/notifications/{id}: marks the notification read and handled. */
export function markNotification(id: string) {
  return api.patch(`/api/notifications/${encodeURIComponent(id)}`, undefined, {
    schema: NotificationResponseSchema,
  });
}

export function markAllNotificationsRead() {
  return api.post('/api/notifications/read-all', undefined, { schema: OkResponseSchema });
}

export function useMarkNotification(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotification,
    // Failed notification updates are logged only (SPEC 8).
    onError: (error) => console.warn('Notification update failed', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getNotificationsQueryKey(userId) }),
  });
}

export function useMarkAllNotificationsRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getNotificationsQueryKey(userId) }),
  });
}
