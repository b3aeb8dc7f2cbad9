import type { QueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '../../../lib/query-client';

/** Cache keys of the member's teams data; each starts with the user id, then the API path. */
export const teamKeys = {
  mine: (userId: string) => [userId, 'api/teams'] as const,
  detail: (userId: string, teamId: string) => [userId, 'api/teams', teamId] as const,
  members: (userId: string, teamId: string) => [userId, 'api/teams', teamId, 'members'] as const,
  discover: (userId: string) => [userId, 'api/teams/discover'] as const,
};

/** After joining or leaving: the team lists and pages, discover, and the session (its membership). */
export function refreshTeams(queryClient: QueryClient, userId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: teamKeys.mine(userId) }),
    queryClient.invalidateQueries({ queryKey: teamKeys.discover(userId) }),
    queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  ]);
}
