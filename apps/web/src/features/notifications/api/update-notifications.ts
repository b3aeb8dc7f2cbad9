import {
  type Notification,
  NotificationResponseSchema,
  type NotificationsResponse,
  OkResponseSchema,
} from '@rally/shared';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getNotificationsQueryKey } from './query-keys';

/** PATCH /api/notifications/{id}: marks the notification read and handled. */
export function markNotification(id: string) {
  return api.patch(`/api/notifications/${encodeURIComponent(id)}`, undefined, {
    schema: NotificationResponseSchema,
  });
}

export function markAllNotificationsRead() {
  return api.post('/api/notifications/read-all', undefined, { schema: OkResponseSchema });
}

type Pages = InfiniteData<NotificationsResponse, string | undefined>;

/** Marks notifications read in the cache at once, so the dot and the list react before the server answers. */
function markReadInCache(queryClient: QueryClient, userId: string, isTarget: (n: Notification) => boolean) {
  const now = new Date().toISOString();
  queryClient.setQueryData<Pages>(getNotificationsQueryKey(userId), (data) => {
    if (!data) return data;
    let changed = 0;
    const pages = data.pages.map((page) => ({
      ...page,
      notifications: page.notifications.map((n) => {
        if (n.read_at !== null || !isTarget(n)) return n;
        changed++;
        return { ...n, read_at: now };
      }),
    }));
    const first = pages[0];
    if (first) pages[0] = { ...first, unread: Math.max(0, first.unread - changed) };
    return { ...data, pages };
  });
}

export function useMarkNotification(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotification,
    onMutate: (id) => markReadInCache(queryClient, userId, (n) => n.id === id),
    // Failed notification updates are logged only (SPEC 8).
    onError: (error) => console.warn('Notification update failed', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getNotificationsQueryKey(userId) }),
  });
}

export function useMarkAllNotificationsRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => markReadInCache(queryClient, userId, () => true),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getNotificationsQueryKey(userId) }),
  });
}
