import {
  AdminTeamResponseSchema,
  AdminTeamsResponseSchema,
  type CreateTeamRequest,
  OkResponseSchema,
  type UpdateTeamRequest,
} from '@rally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminTeamKeys, refreshPeople } from './admin-teams-keys';

const path = (teamId: string) => `/api/admin/teams/${encodeURIComponent(teamId)}`;

/** GET /api/admin/teams: every team with member counts (ADMIN, ANALYST). */
export const getAdminTeams = () => api.get('/api/admin/teams', { schema: AdminTeamsResponseSchema });

export function useAdminTeams(userId: string) {
  return useQuery({
    queryKey: adminTeamKeys.list(userId),
    queryFn: async () => (await getAdminTeams()).teams,
  });
}

export const createTeam = (body: CreateTeamRequest) =>
  api.post('/api/admin/teams', body, { schema: AdminTeamResponseSchema });
export const updateTeam = ({ id, ...body }: UpdateTeamRequest & { id: string }) =>
  api.patch(path(id), body, { schema: AdminTeamResponseSchema });
export const deleteTeam = (id: string) => api.delete(path(id), { schema: OkResponseSchema });
/** PUT (add) or DELETE (remove) /api/admin/teams/{id}/members/{userId}. */
export const setTeamMember = ({
  teamId,
  memberId,
  isMember,
}: {
  teamId: string;
  memberId: string;
  isMember: boolean;
}) =>
  api.request(`${path(teamId)}/members/${encodeURIComponent(memberId)}`, {
    method: isMember ? 'PUT' : 'DELETE',
    schema: OkResponseSchema,
  });

function useTeamsMutation<T>(userId: string, mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshPeople(queryClient, userId) });
}

export const useCreateTeam = (userId: string) => useTeamsMutation(userId, createTeam);
export const useUpdateTeam = (userId: string) => useTeamsMutation(userId, updateTeam);
export const useDeleteTeam = (userId: string) => useTeamsMutation(userId, deleteTeam);
export const useSetTeamMember = (userId: string) => useTeamsMutation(userId, setTeamMember);
