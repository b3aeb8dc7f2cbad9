import { PostResponseSchema } from '@rally/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { feedKeys } from './query-keys';

/** GET /api/posts/{id}: one post (a notification's link opens it above the feed). */
export const getPost = (postId: string) =>
  api.get(`/api/posts/${encodeURIComponent(postId)}`, { schema: PostResponseSchema });

export function usePost(userId: string, postId: string | null) {
  return useQuery({
    queryKey: feedKeys.post(userId, postId ?? ''),
    queryFn: () => getPost(postId ?? ''),
    enabled: postId !== null,
  });
}
