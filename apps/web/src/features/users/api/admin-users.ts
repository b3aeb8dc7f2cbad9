import {
  AdminUserResponseSchema,
  type AdminUserSort,
  AdminUsersResponseSchema,
  type InviteUserRequest,
  type LastActiveFilter,
  LIST_PAGE_SIZE,
  OkResponseSchema,
  type Role,
  type UpdateAdminUserRequest,
  type UserStatus,
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
  status?: UserStatus | '';
  last_active?: LastActiveFilter | '';
  sort?: AdminUserSort;
}

/** GET /api/admin/users?q=&role=&team=&status=&last_active=&sort=&limit&cursor. */
export const getAdminUsers = (filter: AdminUsersFilter, cursor?: string) =>
  api.get('/api/admin/users', {
    query: {
      q: filter.q.trim() || undefined,
      role: filter.role || undefined,
      team: filter.team || undefined,
      status: filter.status || undefined,
      last_active: filter.last_active || undefined,
      sort: filter.sort && filter.sort !== 'newest' ? filter.sort : undefined,
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

/** PATCH /api/admin/users/{id} {role, team_ids, team_tags} (ADMIN; an ANALYST for their teams' members). */
export const updateAdminUser = ({ id, ...body }: UpdateAdminUserRequest & { id: string }) =>
  api.patch(`/api/admin/users/${encodeURIComponent(id)}`, body, { schema: AdminUserResponseSchema });

export function useUpdateAdminUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAdminUser, onSuccess: () => refreshPeople(queryClient, userId) });
}

const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

/** The people actions of the admin list: each refreshes the people caches when it succeeds. */
export type UserAction =
  | { kind: 'deactivate' | 'reactivate' | 'resend' | 'revoke'; id: string }
  | { kind: 'invite'; body: InviteUserRequest };

/** Runs a people action: deactivate or reactivate, invite, resend or revoke an invitation. */
export function runUserAction(action: UserAction): Promise<unknown> {
  switch (action.kind) {
    case 'deactivate':
    case 'reactivate':
      return api.post(`${userPath(action.id)}/${action.kind}`, undefined, {
        schema: AdminUserResponseSchema,
      });
    case 'resend':
      return api.post(`${userPath(action.id)}/invitation`, undefined, { schema: AdminUserResponseSchema });
    case 'revoke':
      return api.delete(`${userPath(action.id)}/invitation`, { schema: OkResponseSchema });
    case 'invite':
      return api.post('/api/admin/users/invitations', action.body, { schema: AdminUserResponseSchema });
  }
}

export function useUserAction(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runUserAction, onSuccess: () => refreshPeople(queryClient, userId) });
}
