import type { QueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '../../../lib/query-client';

/** Cache keys of the admin's users data; each starts with the signed-in user's id, then the API path. */
export const userKeys = {
  adminUsers: (userId: string) => [userId, 'api/admin/users'] as const,
};

/**
 * After an admin changes people: the admin lists (users and, for their member counts, teams
 * `[userId, 'api/admin/teams']`), every teams cache of the member side (`[userId, 'api/teams…']`), profiles, and
 * the session (membership, and has_teams of its client, which flips with the first and the last team). The teams
 * feature's `refreshPeople` refreshes the same caches after a change to teams.
 */
export function refreshPeople(queryClient: QueryClient, userId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userKeys.adminUsers(userId) }),
    queryClient.invalidateQueries({ queryKey: [userId, 'api/admin/teams'] }),
    queryClient.invalidateQueries({ queryKey: [userId, 'api/teams'] }),
    queryClient.invalidateQueries({ queryKey: [userId, 'api/teams/discover'] }),
    queryClient.invalidateQueries({ queryKey: [userId, 'api/users'] }),
    queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  ]);
}
