import {
  type MyPostPeriod,
  MyPostsResponseSchema,
  type ProjectsResponse,
  type SocialChannel,
} from '@rally/shared';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** SPEC 9's default list page size. */
export const MY_POSTS_PAGE_SIZE = 10;

/** My Posts' filters: all networks / projects when null. */
export interface MyPostsFilters {
  channel: SocialChannel | null;
  projectId: string | null;
  period: MyPostPeriod;
}

/** Cache key of every My Posts page (a share or its confirmation refreshes this prefix). */
export const myPostsKey = (userId: string) => [userId, 'api/shares'] as const;

/** GET /api/shares: a page of the member's shares, newest first. */
export const getMyPosts = (filters: MyPostsFilters, cursor: string | null) =>
  api.get('/api/shares', {
    query: {
      limit: MY_POSTS_PAGE_SIZE,
      cursor,
      channel: filters.channel,
      project_id: filters.projectId,
      period: filters.period,
    },
    schema: MyPostsResponseSchema,
  });

export function getMyPostsQueryOptions(userId: string, filters: MyPostsFilters) {
  return infiniteQueryOptions({
    queryKey: [...myPostsKey(userId), filters],
    queryFn: ({ pageParam }) => getMyPosts(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

/** My Posts, a page at a time ("Load more"); a new filter keeps the previous list until the new one arrives. */
export function useMyPosts(userId: string, filters: MyPostsFilters) {
  return useInfiniteQuery({ ...getMyPostsQueryOptions(userId, filters), placeholderData: (prev) => prev });
}

/**
 * The member's projects for the project filter: GET /api/projects?type=all under the projects feature's own
 * cache key and answer shape, so both share one request.
 */
export function useMemberProjects(userId: string) {
  return useQuery({
    queryKey: [userId, 'api/projects', { type: 'all' }],
    queryFn: () => api.get<ProjectsResponse>('/api/projects', { query: { type: 'all' } }),
  });
}
