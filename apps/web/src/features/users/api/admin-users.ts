import {
  AdminUserResponseSchema,
  AdminUsersResponseSchema,
  LIST_PAGE_SIZE,
  type Role,
  type UpdateAdminUserRequest,
} from '@rally/shared';
import {
  infiniteQueryOptions,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshPeople, userKeys } from './users-keys';

/** Filters of the admin users list. */
export interface AdminUsersFilter {
  q: string;
  role: Role | '';
  team: string;
}

/** GET /api/admin/users?q=&role=&team=&limit&cursor. */
export const getAdminUsers = (filter: AdminUsersFilter, cursor?: string) =>
  api.get('/api/admin/users', {
    query: {
      q: filter.q.trim() || undefined,
      role: filter.role || undefined,
      team: filter.team || undefined,
      limit: LIST_PAGE_SIZE,
      cursor,
    },
    schema: AdminUsersResponseSchema,
  });

/** The admin users list as query options (pages follow next_cursor); the admin page passes them to teams too. */
export function adminUsersQuery(userId: string, filter: AdminUsersFilter) {
  // Any query key, so that a feature given these options can type them without knowing the filter.
  const queryKey: QueryKey = [...userKeys.adminUsers(userId), filter];
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => getAdminUsers(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useAdminUsers(userId: string, filter: AdminUsersFilter) {
  return useInfiniteQuery(adminUsersQuery(userId, filter));
}

/** PATCH /api/admin/users/{id} {role, team_ids} (ADMIN only). */
export const updateAdminUser = ({ id, ...body }: UpdateAdminUserRequest & { id: string }) =>
  api.patch(`/api/admin/users/${encodeURIComponent(id)}`, body, { schema: AdminUserResponseSchema });

export function useUpdateAdminUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAdminUser, onSuccess: () => refreshPeople(queryClient, userId) });
}
