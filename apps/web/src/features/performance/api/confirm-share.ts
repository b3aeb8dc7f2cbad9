import { ParticipateResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { myPostsKey } from './get-my-posts';

/** POST /api/shares/{id}/complete: the member confirms a pending share, with the post's link when given. */
export const confirmShare = (shareId: string, postUrl: string) =>
  api.post(`/api/shares/${encodeURIComponent(shareId)}/complete`, postUrl ? { post_url: postUrl } : {}, {
    schema: ParticipateResponseSchema,
  });

/** Confirms from My Posts, then refreshes My Posts and what the points and participation changed. */
export function useConfirmShare(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shareId, postUrl }: { shareId: string; postUrl: string }) =>
      confirmShare(shareId, postUrl),
    onSuccess: () =>
      Promise.all(
        [myPostsKey(userId), [userId, 'api/activities'], [userId, 'api/projects'], [userId, 'api/stats']].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
