import {
  type CreatePostRequest,
  OkResponseSchema,
  PostResponseSchema,
  type UpdatePostRequest,
} from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshFeeds } from './query-keys';

const postPath = (postId: string) => `/api/posts/${encodeURIComponent(postId)}`;

/** POST /api/posts: a new post (team_id for a team feed). */
export const createPost = (input: CreatePostRequest) =>
  api.post('/api/posts', input, { schema: PostResponseSchema });

/** PATCH /api/posts/{id}: the author changes the text. */
export const updatePost = (postId: string, input: UpdatePostRequest) =>
  api.patch(postPath(postId), input, { schema: PostResponseSchema });

/** DELETE /api/posts/{id}: the author or an admin removes the post. */
export const deletePost = (postId: string) => api.delete(postPath(postId), { schema: OkResponseSchema });

/** POST or DELETE /api/posts/{id}/pin: an admin pins or unpins an announcement. */
export const pinPost = (postId: string, isPinned: boolean) =>
  api.request(`${postPath(postId)}/pin`, {
    method: isPinned ? 'POST' : 'DELETE',
    schema: PostResponseSchema,
  });

/** Every post change refreshes the feeds it may appear in. */
function useFeedMutation<TInput, TResult>(userId: string, fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refreshFeeds(queryClient, userId) });
}

export const useCreatePost = (userId: string) => useFeedMutation(userId, createPost);
export const useUpdatePost = (userId: string) =>
  useFeedMutation(userId, ({ postId, ...input }: UpdatePostRequest & { postId: string }) =>
    updatePost(postId, input),
  );
export const useDeletePost = (userId: string) => useFeedMutation(userId, deletePost);
export const usePinPost = (userId: string) =>
  useFeedMutation(userId, ({ postId, isPinned }: { postId: string; isPinned: boolean }) =>
    pinPost(postId, isPinned),
  );
