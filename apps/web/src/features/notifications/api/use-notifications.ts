import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getNotifications } from './get-notifications';
import { getNotificationsQueryKey } from './query-keys';

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
