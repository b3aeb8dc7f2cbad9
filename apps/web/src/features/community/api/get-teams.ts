import { TeamsDiscoverResponseSchema } from '@rally/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const discoverTeams = () => api.get('/api/teams/discover', { schema: TeamsDiscoverResponseSchema });

/** GET /api/teams/discover, cached (SPEC 7). */
export function useDiscoverTeams(userId: string) {
  return useQuery({ queryKey: [userId, 'api/teams/discover'], queryFn: discoverTeams });
}
