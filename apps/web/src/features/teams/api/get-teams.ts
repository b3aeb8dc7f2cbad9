import { MyTeamsResponseSchema, TeamsDiscoverResponseSchema } from '@rally/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from './teams-keys';

export const discoverTeams = () => api.get('/api/teams/discover', { schema: TeamsDiscoverResponseSchema });

/** GET /api/teams/discover, cached (SPEC 7). */
export function useDiscoverTeams(userId: string) {
  return useQuery({ queryKey: teamKeys.discover(userId), queryFn: discoverTeams });
}

/** GET /api/teams: the member's teams with member counts and all-time rank. */
export const getMyTeams = () => api.get('/api/teams', { schema: MyTeamsResponseSchema });

export function useMyTeams(userId: string) {
  return useQuery({ queryKey: teamKeys.mine(userId), queryFn: async () => (await getMyTeams()).teams });
}
