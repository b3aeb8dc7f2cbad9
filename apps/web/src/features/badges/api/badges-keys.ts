import type { QueryClient } from '@tanstack/react-query';

/** Cache keys of the admin's badges; every key starts with the user id and the API path. */
export const badgeKeys = {
  all: (userId: string) => [userId, 'api/admin/badges'] as const,
  list: (userId: string) => [userId, 'api/admin/badges', 'list'] as const,
  awards: (userId: string, badgeId: string) => [userId, 'api/admin/badges', 'awards', badgeId] as const,
  members: (userId: string, q: string) => [userId, 'api/admin/users', 'badge-picker', q] as const,
};

/** After any change: the list, the holders, and the member's own stats (an award moves My Badges). */
export async function refreshBadges(queryClient: QueryClient, userId: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: badgeKeys.all(userId) }),
    queryClient.invalidateQueries({ queryKey: [userId, 'api/stats'] }),
  ]);
}
