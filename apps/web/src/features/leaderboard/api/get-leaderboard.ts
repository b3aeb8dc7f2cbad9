import {
  type LeaderboardPeriod,
  LeaderboardResponseSchema,
  type LeaderboardScope,
  LIST_PAGE_SIZE,
} from '@rally/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** What one ranking shows: period, members or teams, and optionally one project. */
export interface LeaderboardFilter {
  period: LeaderboardPeriod;
  scope: LeaderboardScope;
  projectId: string | null;
}

/** Cache keys start with the user id and the API path (data never leaks between sessions). */
export const leaderboardKeys = {
  all: (userId: string) => [userId, 'api/leaderboard'] as const,
  list: (userId: string, f: LeaderboardFilter) => [userId, 'api/leaderboard', f] as const,
};

/** GET /api/leaderboard: one page of the ranking (cursor = id of the last row shown). */
export const getLeaderboard = (f: LeaderboardFilter, cursor?: string) =>
  api.get('/api/leaderboard', {
    schema: LeaderboardResponseSchema,
    query: {
      period: f.period,
      scope: f.scope,
      project_id: f.projectId ?? undefined,
      limit: LIST_PAGE_SIZE,
      cursor,
    },
  });

/** The ranking page by page; another filter keeps the previous ranking on screen (dimmed) while it loads. */
export function useLeaderboard(userId: string, f: LeaderboardFilter) {
  return useInfiniteQuery({
    queryKey: leaderboardKeys.list(userId, f),
    queryFn: ({ pageParam }) => getLeaderboard(f, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: (previous) => previous,
    // Everyone's points move the ranking: opening the page shows the cached ranking at once, then the current one.
    refetchOnMount: 'always',
  });
}
