import { LIST_PAGE_SIZE, PeoplePageResponseSchema, TeamDetailResponseSchema } from '@rally/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from './teams-keys';

const path = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}`;

/** GET /api/teams/{id}: the team, its standings and the first page of members. */
export const getTeam = (teamId: string) =>
  api.get(path(teamId), { query: { limit: LIST_PAGE_SIZE }, schema: TeamDetailResponseSchema });

export function useTeam(userId: string, teamId: string) {
  return useQuery({ queryKey: teamKeys.detail(userId, teamId), queryFn: () => getTeam(teamId) });
}

/** GET /api/teams/{id}/members, page by page (cursor = id of the last member shown). */
export const getTeamMembers = (teamId: string, cursor?: string) =>
  api.get(`${path(teamId)}/members`, {
    query: { limit: LIST_PAGE_SIZE, cursor },
    schema: PeoplePageResponseSchema,
  });

export function useTeamMembers(userId: string, teamId: string) {
  return useInfiniteQuery({
    queryKey: teamKeys.members(userId, teamId),
    queryFn: ({ pageParam }) => getTeamMembers(teamId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
