import {
  CommentResponseSchema,
  CommentsResponseSchema,
  type CreateCommentRequest,
  OkResponseSchema,
  type UpdateCommentRequest,
} from '@rally/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { feedKeys, refreshFeeds } from './query-keys';

const COMMENTS_PAGE = 5;

/** GET /api/posts/{id}/comments: newest first (SPEC 7); the list shows them oldest first. */
export const getComments = (postId: string, cursor?: string) =>
  api.get(`/api/posts/${encodeURIComponent(postId)}/comments`, {
    schema: CommentsResponseSchema,
    query: { limit: COMMENTS_PAGE, cursor },
  });

/** A post's comments: the latest page first, "earlier comments" loads older pages. */
export function useComments(userId: string, postId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: feedKeys.comments(userId, postId),
    queryFn: ({ pageParam }) => getComments(postId, pageParam ?? undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled,
  });
}

export const createComment = (postId: string, input: CreateCommentRequest) =>
  api.post(`/api/posts/${encodeURIComponent(postId)}/comments`, input, { schema: CommentResponseSchema });
export const updateComment = (commentId: string, input: UpdateCommentRequest) =>
  api.patch(`/api/comments/${encodeURIComponent(commentId)}`, input, { schema: CommentResponseSchema });
export const deleteComment = (commentId: string) =>
  api.delete(`/api/comments/${encodeURIComponent(commentId)}`, { schema: OkResponseSchema });

/** Comment changes refresh the post's comments and the feeds (its comment count). */
function useCommentMutation<TInput, TResult>(userId: string, fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refreshFeeds(queryClient, userId) });
}

export const useCreateComment = (userId: string, postId: string) =>
  useCommentMutation(userId, (input: CreateCommentRequest) => createComment(postId, input));
export const useUpdateComment = (userId: string) =>
  useCommentMutation(userId, ({ commentId, ...input }: UpdateCommentRequest & { commentId: string }) =>
    updateComment(commentId, input),
  );
export const useDeleteComment = (userId: string) => useCommentMutation(userId, deleteComment);
