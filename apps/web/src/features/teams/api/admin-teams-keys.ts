import type { QueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '../../../lib/query-client';
import { teamKeys } from './teams-keys';

/** Cache keys of the admin's teams data; each starts with the signed-in user's id, then the API path. */
export const adminTeamKeys = {
  list: (userId: string) => [userId, 'api/admin/teams'] as const,
};

/**
 * After an admin changes teams or their members: the admin lists (teams, and the users list
 * `[userId, 'api/admin/users']`, which shows each user's teams), every teams cache of the member side, profiles
 * (`[userId, 'api/users']`), and the session (membership, and has_teams of its client, which flips with the first
 * and the last team). The users feature's `refreshPeople` refreshes the same caches after a change to people.
 */
export function refreshPeople(queryClient: QueryClient, userId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [userId, 'api/admin/users'] }),
    queryClient.invalidateQueries({ queryKey: adminTeamKeys.list(userId) }),
    queryClient.invalidateQueries({ queryKey: teamKeys.mine(userId) }),
    queryClient.invalidateQueries({ queryKey: teamKeys.discover(userId) }),
    queryClient.invalidateQueries({ queryKey: [userId, 'api/users'] }),
    queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  ]);
}
