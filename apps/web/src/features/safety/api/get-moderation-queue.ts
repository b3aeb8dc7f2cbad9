import { ModerationQueueResponseSchema, type ModerationStatus } from '@rally/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { safetyKeys } from './query-keys';

/** Items per page of the moderation queue. */
export const QUEUE_PAGE_SIZE = 20;

/** GET /api/admin/safety/queue?status= (ADMIN only), newest first. */
export const getModerationQueue = (status: ModerationStatus, cursor: string | null) =>
  api.get('/api/admin/safety/queue', {
    query: { status, limit: QUEUE_PAGE_SIZE, cursor },
    schema: ModerationQueueResponseSchema,
  });

export function getModerationQueueQueryOptions(userId: string, status: ModerationStatus) {
  return infiniteQueryOptions({
    queryKey: safetyKeys.queue(userId, status),
    queryFn: ({ pageParam }) => getModerationQueue(status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

export function useModerationQueue(userId: string, status: ModerationStatus) {
  return useInfiniteQuery(getModerationQueueQueryOptions(userId, status));
}
