import { ParticipateResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applyParticipation } from './participate';

/** POST /api/shares/{id}/complete: the member posted it; records the participation and awards points once. */
export const completeShare = (shareId: string, postUrl: string) =>
  api.post(`/api/shares/${encodeURIComponent(shareId)}/complete`, postUrl ? { post_url: postUrl } : {}, {
    schema: ParticipateResponseSchema,
  });

export function useCompleteShare(userId: string, activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shareId, postUrl }: { shareId: string; postUrl: string }) =>
      completeShare(shareId, postUrl),
    onSuccess: async (result) => {
      // My Posts shows the share as posted now.
      void queryClient.invalidateQueries({ queryKey: [userId, 'api/shares'] });
      await applyParticipation(queryClient, userId, activityId, result);
    },
  });
}
