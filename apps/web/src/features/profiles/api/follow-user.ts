import { FollowResponseSchema, type Profile } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './profiles-keys';

const path = (personId: string) => `/api/users/${encodeURIComponent(personId)}/follow`;

/** POST /api/users/{id}/follow. */
export const followUser = (personId: string) =>
  api.post(path(personId), undefined, { schema: FollowResponseSchema });
/** DELETE /api/users/{id}/follow. */
export const unfollowUser = (personId: string) =>
  api.delete(path(personId), { schema: FollowResponseSchema });

/** Follows or unfollows; the profile's button and follower count take the server's answer. */
export function useFollow(userId: string, personId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => (follow ? followUser(personId) : unfollowUser(personId)),
    onSuccess: (result) => {
      queryClient.setQueryData<Profile>(profileKeys.profile(userId, personId), (old) =>
        old ? { ...old, is_following: result.is_following, follower_count: result.follower_count } : old,
      );
      // The Following feed depends on whom the member follows.
      void queryClient.invalidateQueries({ queryKey: [userId, 'api/feed'] });
      void queryClient.invalidateQueries({ queryKey: [userId, 'api/users', userId, 'profile'] });
    },
  });
}
