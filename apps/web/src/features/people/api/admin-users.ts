import {
  AdminUserResponseSchema,
  AdminUsersResponseSchema,
  LIST_PAGE_SIZE,
  type Role,
  type UpdateAdminUserRequest,
} from '@rally/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { peopleKeys, refreshPeople } from './people-keys';

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

export function useAdminUsers(userId: string, filter: AdminUsersFilter) {
  return useInfiniteQuery({
    queryKey: [...peopleKeys.adminUsers(userId), filter],
    queryFn: ({ pageParam }) => getAdminUsers(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** PATCH /api/admin/users/{id} {role, team_ids} (ADMIN only). */
export const updateAdminUser = ({ id, ...body }: UpdateAdminUserRequest & { id: string }) =>
  api.patch(`/api/admin/users/${encodeURIComponent(id)}`, body, { schema: AdminUserResponseSchema });

export function useUpdateAdminUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAdminUser, onSuccess: () => refreshPeople(queryClient, userId) });
}
