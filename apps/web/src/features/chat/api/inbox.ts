import {
  AdminUsersResponseSchema,
  ChatCannedRepliesResponseSchema,
  ChatInboxConversationResponseSchema,
  ChatInboxResponseSchema,
  type ChatInboxStatus,
  ChatNoteResponseSchema,
  ChatNotesResponseSchema,
  type ChatPerson,
  type ChatSettings,
  ChatSettingsResponseSchema,
  LIST_PAGE_SIZE_MAX,
  type UpdateChatInboxRequest,
} from '@rally/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatKeys, type InboxBox } from './query-keys';

const enc = encodeURIComponent;

/** GET /api/admin/chat/conversations?box=&status=: the brand-team inbox, most recently active first. */
export function useInbox(userId: string, box: InboxBox, status: ChatInboxStatus) {
  return useInfiniteQuery({
    queryKey: chatKeys.inbox(userId, box, status),
    queryFn: ({ pageParam }) =>
      api.get('/api/admin/chat/conversations', {
        schema: ChatInboxResponseSchema,
        query: { box, status, limit: 20, cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchOnMount: 'always',
  });
}

/** GET /api/admin/chat/conversations/{id}: a member's line, its assignee and status. */
export function useInboxConversation(userId: string, id: string | null) {
  return useQuery({
    queryKey: chatKeys.inboxConversation(userId, id ?? ''),
    queryFn: () =>
      api.get(`/api/admin/chat/conversations/${enc(id ?? '')}`, {
        schema: ChatInboxConversationResponseSchema,
      }),
    enabled: id !== null,
  });
}

/** PATCH /api/admin/chat/conversations/{id}: assign (null: nobody), resolve or reopen. */
export function useUpdateInboxConversation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateChatInboxRequest & { id: string }) =>
      api.patch(`/api/admin/chat/conversations/${enc(id)}`, body, {
        schema: ChatInboxConversationResponseSchema,
      }),
    onSuccess: ({ conversation }) => {
      queryClient.setQueryData(chatKeys.inboxConversation(userId, conversation.id), { conversation });
      void queryClient.invalidateQueries({ queryKey: [...chatKeys.inboxAll(userId), 'inbox'] });
      void queryClient.invalidateQueries({ queryKey: chatKeys.seen(userId) });
    },
  });
}

/** GET …/notes: the brand team's internal notes on a conversation, newest first. */
export function useNotes(userId: string, conversationId: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.notes(userId, conversationId),
    queryFn: ({ pageParam }) =>
      api.get(`/api/admin/chat/conversations/${enc(conversationId)}/notes`, {
        schema: ChatNotesResponseSchema,
        query: { limit: 20, cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** POST …/notes {body}: an internal note. */
export function useAddNote(userId: string, conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post(
        `/api/admin/chat/conversations/${enc(conversationId)}/notes`,
        { body },
        { schema: ChatNoteResponseSchema },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.notes(userId, conversationId) }),
  });
}

/** GET /api/admin/chat/canned-replies: the saved answers (first page of the largest size). */
export function useCannedReplies(userId: string) {
  return useQuery({
    queryKey: chatKeys.canned(userId),
    queryFn: () =>
      api.get('/api/admin/chat/canned-replies', {
        schema: ChatCannedRepliesResponseSchema,
        query: { limit: LIST_PAGE_SIZE_MAX },
      }),
    staleTime: 5 * 60_000,
  });
}

/**
 * The colleagues a conversation can be assigned to: the client's admins and leads as GET /api/admin/users lists them
 * for the viewer (a lead with team tags sees the people of their teams).
 */
export function useColleagues(userId: string) {
  return useQuery({
    queryKey: chatKeys.colleagues(userId),
    queryFn: async (): Promise<ChatPerson[]> => {
      const pages = await Promise.all(
        (['ADMIN', 'ANALYST'] as const).map((role) =>
          api.get('/api/admin/users', {
            schema: AdminUsersResponseSchema,
            query: { role, limit: LIST_PAGE_SIZE_MAX },
          }),
        ),
      );
      return pages
        .flatMap((page) => page.users)
        .filter((u) => u.is_active)
        .map((u) => ({
          id: u.id,
          display_name: u.display_name,
          username: null,
          display_username: false,
          first_name: null,
          last_name: null,
          image_url: u.image_url,
        }))
        .sort((a, b) => a.display_name.localeCompare(b.display_name));
    },
    staleTime: 5 * 60_000,
  });
}

/** GET and PATCH /api/admin/chat/settings (ADMIN): who members may start conversations with. */
export function useChatSettings(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.settings(userId),
    queryFn: () => api.get('/api/admin/chat/settings', { schema: ChatSettingsResponseSchema }),
    enabled,
  });
}

export function useUpdateChatSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ChatSettings) =>
      api.patch('/api/admin/chat/settings', settings, { schema: ChatSettingsResponseSchema }),
    onSuccess: (answer) => queryClient.setQueryData(chatKeys.settings(userId), answer),
  });
}
