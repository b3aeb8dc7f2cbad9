import {
  AdminUsersResponseSchema,
  BadgeAwardResponseSchema,
  BadgeHoldersResponseSchema,
  LIST_PAGE_SIZE,
  OkResponseSchema,
} from '@rally/shared';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { badgeKeys, refreshBadges } from './badges-keys';

/** GET /api/admin/badges/{id}/awards: the members holding it, a page at a time. */
export const getBadgeHolders = (badgeId: string, cursor: string | null) =>
  api.get(`/api/admin/badges/${badgeId}/awards`, {
    query: { limit: LIST_PAGE_SIZE, cursor },
    schema: BadgeHoldersResponseSchema,
  });

export function useBadgeHolders(userId: string, badgeId: string) {
  return useInfiniteQuery({
    queryKey: badgeKeys.awards(userId, badgeId),
    queryFn: ({ pageParam }) => getBadgeHolders(badgeId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

/** Members matching a search, for the award picker (GET /api/admin/users?q=, the users admin's own search). */
export const findMembers = (q: string) =>
  api.get('/api/admin/users', { query: { q, limit: LIST_PAGE_SIZE }, schema: AdminUsersResponseSchema });

export function useMemberSearch(userId: string, q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: badgeKeys.members(userId, term),
    queryFn: () => findMembers(term),
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/badges/{id}/awards: a manual badge to a member, with a reason. */
export const awardBadge = (input: { badgeId: string; userId: string; reason: string }) =>
  api.post(
    `/api/admin/badges/${input.badgeId}/awards`,
    { user_id: input.userId, reason: input.reason },
    { schema: BadgeAwardResponseSchema },
  );

/** DELETE /api/admin/badges/{id}/awards/{userId} with the reason in the body. */
export const revokeBadge = (input: { badgeId: string; userId: string; reason: string }) =>
  api.request(`/api/admin/badges/${input.badgeId}/awards/${input.userId}`, {
    method: 'DELETE',
    body: { reason: input.reason },
    schema: OkResponseSchema,
  });

export function useAwardBadge(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: awardBadge, onSuccess: () => refreshBadges(queryClient, userId) });
}

export function useRevokeBadge(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeBadge, onSuccess: () => refreshBadges(queryClient, userId) });
}
