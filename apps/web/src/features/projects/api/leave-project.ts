import { OkResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshProjectData } from './query-keys';

/** POST /api/projects/{id}/leave: the member keeps what they did; they can join again while it runs. */
export const leaveProject = (projectId: string) =>
  api.post(`/api/projects/${encodeURIComponent(projectId)}/leave`, undefined, { schema: OkResponseSchema });

export function useLeaveProject(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveProject,
    onSuccess: () => refreshProjectData(queryClient, userId),
  });
}
