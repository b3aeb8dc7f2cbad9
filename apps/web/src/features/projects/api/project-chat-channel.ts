import { ChatProjectChannelResponseSchema } from '@rally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const pathOf = (projectId: string) => `/api/admin/chat/projects/${encodeURIComponent(projectId)}/channel`;
const keyOf = (userId: string, projectId: string) =>
  [userId, 'api/admin/chat', 'project-channel', projectId] as const;

/** GET /api/admin/chat/projects/{id}/channel: whether the project has a chat channel for its members. */
export function useProjectChatChannel(userId: string, projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: keyOf(userId, projectId),
    queryFn: () => api.get(pathOf(projectId), { schema: ChatProjectChannelResponseSchema }),
    enabled,
  });
}

/** PUT (on) and DELETE (off: kept for reading, closed for writing) of the project's chat channel (ADMIN). */
export function useSetProjectChatChannel(userId: string, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isOn: boolean) =>
      isOn
        ? api.request(pathOf(projectId), { method: 'PUT', schema: ChatProjectChannelResponseSchema })
        : api.delete(pathOf(projectId), { schema: ChatProjectChannelResponseSchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData(keyOf(userId, projectId), answer);
      // The admin's own conversation list gains or closes the channel.
      void queryClient.invalidateQueries({ queryKey: [userId, 'api/chat'] });
    },
  });
}
