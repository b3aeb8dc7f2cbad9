import type { Notification, NotificationResponse, NotificationsResponse, OkResponse } from '@rally/shared';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { GUEST_ALLOWED } from '../../../lib/query-client';
import { getNotificationsQueryKey, getNotificationsUnreadQueryKey } from './query-keys';

/** PATCH /api/notifications/{id}: marks the notification read and handled. */
export function markNotification(id: string) {
  // Typed, not parsed, like getNotifications: the live stream marks notifications read from every page.
  return api.patch<NotificationResponse>(`/api/notifications/${encodeURIComponent(id)}`);
}

export function markAllNotificationsRead() {
  return api.post<OkResponse>('/api/notifications/read-all');
}

type Pages = InfiniteData<NotificationsResponse, string | undefined>;

/** Marks notifications read in the cache at once, so the dot and the list react before the server answers. */
function markReadInCache(queryClient: QueryClient, userId: string, isTarget: (n: Notification) => boolean) {
  const now = new Date().toISOString();
  let changed = 0;
  queryClient.setQueryData<Pages>(getNotificationsQueryKey(userId), (data) => {
    if (!data) return data;
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
  queryClient.setQueryData<number>(getNotificationsUnreadQueryKey(userId), (unread) =>
    unread === undefined ? unread : Math.max(0, unread - changed),
  );
}

export function useMarkNotification(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotification,
    meta: GUEST_ALLOWED,
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
    meta: GUEST_ALLOWED,
    onSuccess: () => {
      markReadInCache(queryClient, userId, () => true);
      queryClient.setQueryData<number>(getNotificationsUnreadQueryKey(userId), 0);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: getNotificationsQueryKey(userId) }),
  });
}
