import { useQuery } from '@tanstack/react-query';
import { getNotifications } from '../api/get-notifications';
import { getNotificationsUnreadQueryKey } from '../api/query-keys';

/**
 * Unread notifications of the user in all (drives the menu dot), from the first page's `unread`: undefined until
 * known. A plain query under the notifications' key, not the list's infinite one, so the first load carries no
 * paging code; whatever refreshes the notifications (the live stream, marking read) refreshes it too, being under
 * the same key.
 */
export function useUnreadNotifications(userId: string | null, enabled: boolean): number | undefined {
  const query = useQuery({
    queryKey: getNotificationsUnreadQueryKey(userId ?? ''),
    queryFn: async () => (await getNotifications()).unread,
    enabled: enabled && userId !== null,
  });
  return query.data;
}

/** The unread count, 0 until known. */
export function useUnreadNotificationCount(userId: string | null, enabled: boolean): number {
  return useUnreadNotifications(userId, enabled) ?? 0;
}
