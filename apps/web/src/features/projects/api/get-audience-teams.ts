import { AdminTeamsResponseSchema } from '@rally/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminProjectKeys } from './admin-query-keys';

export interface AudienceTeam {
  id: string;
  name: string;
}

/** GET /api/admin/teams: every team of the client (ADMIN and team leads may read it). */
export const getAdminTeams = () => api.get('/api/admin/teams', { schema: AdminTeamsResponseSchema });

/**
 * Teams an admin can pick for a project audience, by name. The cache holds the list as the server answers it
 * (the key is shared with the admin teams and the pause settings); this view is made by `select`.
 */
export function useAudienceTeams(userId: string, enabled: boolean) {
  const query = useQuery({
    queryKey: adminProjectKeys.teams(userId),
    queryFn: async () => (await getAdminTeams()).teams,
    select: (teams) =>
      teams
        .map((team): AudienceTeam => ({ id: team.id, name: team.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    enabled,
  });
  return { teams: query.data ?? [], isPending: enabled && query.isPending, error: query.error };
}
