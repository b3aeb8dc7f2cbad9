import { LIST_PAGE_SIZE, NotificationsResponseSchema } from '@rally/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getNotificationsQueryKey } from './query-keys';

export function getNotifications(cursor?: string) {
  return api.get('/api/notifications', {
    query: { limit: LIST_PAGE_SIZE, cursor },
    schema: NotificationsResponseSchema,
  });
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
