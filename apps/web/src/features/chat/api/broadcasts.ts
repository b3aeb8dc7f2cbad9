import {
  AdminProjectsResponseSchema,
  AdminTeamsResponseSchema,
  ChatBroadcastResponseSchema,
  ChatBroadcastsResponseSchema,
  type CreateChatBroadcastRequest,
} from '@rally/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatKeys } from './query-keys';

/**
 * GET /api/admin/chat/broadcasts: past broadcasts with their delivered and read counts, newest first. While one is
 * still being delivered the list refreshes every few seconds.
 */
export function useBroadcasts(userId: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.broadcasts(userId),
    queryFn: ({ pageParam }) =>
      api.get('/api/admin/chat/broadcasts', {
        schema: ChatBroadcastsResponseSchema,
        query: { limit: 20, cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) =>
        page.broadcasts.some((b) => b.listing || b.delivered < b.recipients),
      )
        ? 3_000
        : false,
  });
}

/** POST /api/admin/chat/broadcasts: sends a broadcast (delivered in the background). */
export function useSendBroadcast(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChatBroadcastRequest) =>
      api.post('/api/admin/chat/broadcasts', body, { schema: ChatBroadcastResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.broadcasts(userId) }),
  });
}

/** The audience picker's teams and projects (GET /api/admin/teams and /api/admin/projects?status=all). */
export function useBroadcastTargets(userId: string) {
  return useQuery({
    queryKey: chatKeys.broadcastTargets(userId),
    queryFn: async () => {
      const [teams, projects] = await Promise.all([
        api.get('/api/admin/teams', { schema: AdminTeamsResponseSchema }),
        api.get('/api/admin/projects', { query: { status: 'all' }, schema: AdminProjectsResponseSchema }),
      ]);
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
      return {
        teams: teams.teams.map((t) => ({ id: t.id, name: t.name })).sort(byName),
        projects: projects.projects.map((p) => ({ id: p.id, name: p.name })).sort(byName),
      };
    },
    staleTime: 60_000,
  });
}
