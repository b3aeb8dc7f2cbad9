import { type Post, PostResponseSchema, type ReactionKind } from '@rally/shared';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { feedKeys } from './query-keys';

/** PUT /api/posts/{id}/reaction with a kind, or DELETE it (kind null): the member's one reaction. */
export const setReaction = (postId: string, kind: ReactionKind | null) => {
  const path = `/api/posts/${encodeURIComponent(postId)}/reaction`;
  return kind
    ? api.request(path, { method: 'PUT', body: { kind }, schema: PostResponseSchema })
    : api.request(path, { method: 'DELETE', schema: PostResponseSchema });
};

type FeedPages = InfiniteData<{ posts: Post[]; pinned: Post[]; next_cursor: string | null }>;

/** Puts the answered post in place in every cached feed, so a reaction never reloads the list. */
function replacePost(data: FeedPages | undefined, post: Post): FeedPages | undefined {
  if (!data) return data;
  const swap = (list: Post[]) => list.map((p) => (p.id === post.id ? post : p));
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, posts: swap(page.posts), pinned: swap(page.pinned) })),
  };
}

export function useSetReaction(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, kind }: { postId: string; kind: ReactionKind | null }) =>
      setReaction(postId, kind),
    onSuccess: ({ post }) => {
      queryClient.setQueriesData<FeedPages>({ queryKey: [userId, 'api/feed', 'list'] }, (data) =>
        replacePost(data, post),
      );
      queryClient.setQueryData(feedKeys.post(userId, post.id), { post });
    },
  });
}
