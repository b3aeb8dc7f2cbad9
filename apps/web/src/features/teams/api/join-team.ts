import { TeamMembershipResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshTeams } from './teams-keys';

const path = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}/membership`;

/** POST /api/teams/{id}/membership: join a discoverable team. */
export const joinTeam = (teamId: string) =>
  api.post(path(teamId), undefined, { schema: TeamMembershipResponseSchema });

/** DELETE /api/teams/{id}/membership: leave a team. */
export const leaveTeam = (teamId: string) =>
  api.delete(path(teamId), { schema: TeamMembershipResponseSchema });

export function useJoinTeam(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: joinTeam, onSuccess: () => refreshTeams(queryClient, userId) });
}

export function useLeaveTeam(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: leaveTeam, onSuccess: () => refreshTeams(queryClient, userId) });
}
