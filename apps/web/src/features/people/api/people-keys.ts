import type { QueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '../../../lib/query-client';

/** Cache keys of people data; each starts with the signed-in user's id, then the API path. */
export const peopleKeys = {
  profile: (userId: string, personId: string) => [userId, 'api/users', personId, 'profile'] as const,
  adminUsers: (userId: string) => [userId, 'api/admin/users'] as const,
  adminTeams: (userId: string) => [userId, 'api/admin/teams'] as const,
};

/**
 * After an admin changes teams or people: the admin lists, every teams cache of the member side
 * (`[userId, 'api/teams…']`), profiles, and the session (membership, and has_teams of its client, which
 * flips with the first and the last team).
 */
export function refreshPeople(queryClient: QueryClient, userId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: peopleKeys.adminUsers(userId) }),
    queryClient.invalidateQueries({ queryKey: peopleKeys.adminTeams(userId) }),
    queryClient.invalidateQueries({ queryKey: [userId, 'api/teams'] }),
    queryClient.invalidateQueries({ queryKey: [userId, 'api/teams/discover'] }),
    queryClient.invalidateQueries({ queryKey: [userId, 'api/users'] }),
    queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  ]);
}
