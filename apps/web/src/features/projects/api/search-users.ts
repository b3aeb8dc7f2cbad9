import { AdminUsersResponseSchema } from '@rally/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/admin/users?q= : the first members matching a name or email, for the invite picker. */
export const searchUsers = (q: string) =>
  api.get('/api/admin/users', { query: { q, limit: '10' }, schema: AdminUsersResponseSchema });

export function useUserSearch(userId: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: [userId, 'api/admin/users', { q, limit: 10 }],
    queryFn: async () => (await searchUsers(q)).users,
    enabled,
    placeholderData: keepPreviousData,
  });
}
