import type { QueryClient } from '@tanstack/react-query';

/** Which feed a list shows: the client's, the people followed, or one team's. */
export type FeedSource = 'all' | 'following' | { teamId: string };

const sourceKey = (source: FeedSource) => (typeof source === 'string' ? source : `team:${source.teamId}`);

/**
 * Cache keys of the feed. Every key starts with the user id (data never leaks between sessions) and
 * 'api/feed', so one prefix refreshes every feed, post and comment list after a change.
 */
export const feedKeys = {
  all: (userId: string) => [userId, 'api/feed'] as const,
  list: (userId: string, source: FeedSource) => [userId, 'api/feed', 'list', sourceKey(source)] as const,
  newer: (userId: string, source: FeedSource, firstId: string | null) =>
    [userId, 'api/feed', 'newer', sourceKey(source), firstId] as const,
  post: (userId: string, postId: string) => [userId, 'api/feed', 'post', postId] as const,
  comments: (userId: string, postId: string) => [userId, 'api/feed', 'comments', postId] as const,
  mentions: (userId: string, q: string) => [userId, 'api/mentions', q] as const,
};

/** After a change to posts: every feed list and post of the user is refetched. */
export const refreshFeeds = (queryClient: QueryClient, userId: string) =>
  queryClient.invalidateQueries({ queryKey: feedKeys.all(userId) });
