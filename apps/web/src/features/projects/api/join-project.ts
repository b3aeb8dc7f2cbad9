import { ProjectDetailResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectKeys, refreshProjectData } from './query-keys';

/** POST /api/projects/{id}/join: answers the project detail; 409 when the project has ended. */
export const joinProject = (projectId: string) =>
  api.post(`/api/projects/${encodeURIComponent(projectId)}/join`, undefined, {
    schema: ProjectDetailResponseSchema,
  });

export function useJoinProject(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinProject,
    onSuccess: async ({ project }) => {
      queryClient.setQueryData(projectKeys.detail(userId, project.id), project);
      await refreshProjectData(queryClient, userId);
    },
  });
}
