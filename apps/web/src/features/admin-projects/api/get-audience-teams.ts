import { TeamsDiscoverResponseSchema, type User } from '@rally/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../lib/api-client';
import { adminProjectKeys } from './query-keys';

export interface AudienceTeam {
  id: string;
  name: string;
}

/** GET /api/teams/discover (the same cache as the Community teams list). */
export const discoverTeams = () => api.get('/api/teams/discover', { schema: TeamsDiscoverResponseSchema });

/**
 * Teams an admin can pick for a project audience. There is no admin list of every team yet, so this is
 * the discoverable teams the admin is not in plus the admin's own teams, by name.
 */
export function useAudienceTeams(user: User, enabled: boolean) {
  const query = useQuery({ queryKey: adminProjectKeys.teams(user.id), queryFn: discoverTeams, enabled });
  const teams = useMemo(() => {
    const byId = new Map<string, AudienceTeam>();
    for (const team of query.data?.teams ?? []) byId.set(team.id, { id: team.id, name: team.name });
    for (const entry of user.membership) byId.set(entry.team_id, { id: entry.team_id, name: entry.name });
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [query.data, user.membership]);
  return { teams, isPending: enabled && query.isPending, error: query.error };
}
