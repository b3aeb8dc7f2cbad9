import { LIST_PAGE_SIZE, NotificationsResponseSchema } from '@rally/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useNotificationStream } from '../hooks/use-notification-stream';
import { usePushTaps } from '../hooks/use-push-taps';

export function getNotifications(cursor?: string) {
  return api.get('/api/notifications', {
    query: { limit: LIST_PAGE_SIZE, cursor },
    schema: NotificationsResponseSchema,
  });
}

/** Cache key is the user id plus api/notifications (SPEC 7). */
export function getNotificationsQueryKey(userId: string) {
  return [userId, 'api/notifications'] as const;
}

export function getNotificationsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: getNotificationsQueryKey(userId),
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

/** Notifications, newest first, with cursor pagination. */
export function useNotifications(userId: string, enabled = true) {
  return useInfiniteQuery({ ...getNotificationsQueryOptions(userId), enabled });
}

/**
 * Unread notifications of the user in all (drives the menu dot). While the shell shows it, the live stream
 * refreshes it as soon as a notification arrives, and tapped push notifications are handled.
 */
export function useUnreadNotificationCount(userId: string | null, enabled: boolean): number {
  const isEnabled = enabled && userId !== null;
  const query = useNotifications(userId ?? '', isEnabled);
  useNotificationStream(userId, isEnabled);
  usePushTaps(userId, isEnabled);
  return query.data?.pages[0]?.unread ?? 0;
}
