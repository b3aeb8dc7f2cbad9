import { AdminTeamsResponseSchema } from '@rally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/admin/teams: the teams that may keep access while the app is paused. */
export const getOverrideTeams = () => api.get('/api/admin/teams', { schema: AdminTeamsResponseSchema });

export function getOverrideTeamsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [userId, 'api/admin/teams'] as const,
    queryFn: async () => (await getOverrideTeams()).teams,
  });
}

export function useOverrideTeams(userId: string) {
  return useQuery(getOverrideTeamsQueryOptions(userId));
}
