import { FEED_POLL_MS, FeedResponseSchema, LIST_PAGE_SIZE } from '@rally/shared';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type FeedSource, feedKeys } from './query-keys';

/** GET /api/feed (scope all or following) or GET /api/teams/{id}/posts: one page, SPEC 7 limit and cursor. */
export function getFeed(source: FeedSource, page: { cursor?: string; limit?: number } = {}) {
  const query = { limit: page.limit ?? LIST_PAGE_SIZE, cursor: page.cursor };
  if (typeof source !== 'string') {
    return api.get(`/api/teams/${encodeURIComponent(source.teamId)}/posts`, {
      schema: FeedResponseSchema,
      query,
    });
  }
  return api.get('/api/feed', { schema: FeedResponseSchema, query: { ...query, scope: source } });
}

export function getFeedQueryOptions(userId: string, source: FeedSource) {
  return infiniteQueryOptions({
    queryKey: feedKeys.list(userId, source),
    queryFn: ({ pageParam }) => getFeed(source, { cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** The feed, page after page (infinite scroll). */
export function useFeed(userId: string, source: FeedSource) {
  return useInfiniteQuery(getFeedQueryOptions(userId, source));
}

/**
 * Whether posts newer than the first one shown exist: asks every minute with a negative limit and the first
 * post's id as cursor (SPEC 7), for the "New posts" pill.
 */
export function useNewerPosts(userId: string, source: FeedSource, firstId: string | null) {
  return useQuery({
    queryKey: feedKeys.newer(userId, source, firstId),
    queryFn: () => getFeed(source, { cursor: firstId ?? undefined, limit: -LIST_PAGE_SIZE }),
    enabled: firstId !== null,
    refetchInterval: FEED_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: FEED_POLL_MS,
  });
}
