import {
  type ChatContactsResponse,
  ChatContactsResponseSchema,
  type ChatConversation,
  ChatConversationResponseSchema,
  ChatConversationsResponseSchema,
  ChatMessagesResponseSchema,
  type ChatPerson,
  type CreateChatConversationRequest,
  LIST_PAGE_SIZE,
  type UpdateChatConversationRequest,
} from '@rally/shared';
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatKeys } from './query-keys';

const enc = encodeURIComponent;
type ConversationPages = InfiniteData<{ conversations: ChatConversation[]; next_cursor: string | null }>;

/** GET /api/chat/conversations: the member's conversations, most recently active first (SPEC 7 pages). */
export const getConversations = (cursor?: string | null) =>
  api.get('/api/chat/conversations', {
    schema: ChatConversationsResponseSchema,
    query: { limit: LIST_PAGE_SIZE * 2, cursor: cursor ?? undefined },
  });

export function useConversations(userId: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.conversations(userId),
    queryFn: ({ pageParam }) => getConversations(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // What happened while chat was closed shows when it opens again.
    refetchOnMount: 'always',
  });
}

/** GET /api/chat/conversations/{id}. */
export const getConversation = (id: string) =>
  api.get(`/api/chat/conversations/${enc(id)}`, { schema: ChatConversationResponseSchema });

export function useConversation(userId: string, id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: chatKeys.conversation(userId, id ?? ''),
    queryFn: () => getConversation(id ?? ''),
    enabled: id !== null,
    // The list's copy shows at once while the conversation itself loads.
    placeholderData: () => {
      const list = queryClient.getQueryData<ConversationPages>(chatKeys.conversations(userId));
      const conversation = list?.pages.flatMap((page) => page.conversations).find((c) => c.id === id);
      return conversation ? { conversation } : undefined;
    },
  });
}

/** Puts an answered conversation in place: its own entry and its row of the list. */
export function putConversation(queryClient: QueryClient, userId: string, conversation: ChatConversation) {
  queryClient.setQueryData(chatKeys.conversation(userId, conversation.id), { conversation });
  queryClient.setQueryData<ConversationPages>(chatKeys.conversations(userId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            conversations: page.conversations.map((c) => (c.id === conversation.id ? conversation : c)),
          })),
        }
      : data,
  );
}

/** POST /api/chat/conversations: a direct message or the brand-team line (get or create), or a new group. */
export function useStartConversation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChatConversationRequest) =>
      api.post('/api/chat/conversations', body, { schema: ChatConversationResponseSchema }),
    onSuccess: ({ conversation }) => {
      queryClient.setQueryData(chatKeys.conversation(userId, conversation.id), { conversation });
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(userId) });
    },
  });
}

/** PATCH /api/chat/conversations/{id}: mute or unmute, rename a group. */
export function useUpdateConversation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateChatConversationRequest & { id: string }) =>
      api.patch(`/api/chat/conversations/${enc(id)}`, body, { schema: ChatConversationResponseSchema }),
    onSuccess: ({ conversation }) => {
      putConversation(queryClient, userId, conversation);
      // Muting takes the conversation out of the unread count.
      void queryClient.invalidateQueries({ queryKey: chatKeys.seen(userId) });
    },
  });
}

/** GET /api/chat/contacts?q=&cursor=: people the member may start a conversation with, page by page by name. */
export function useContacts(userId: string, q: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: chatKeys.contacts(userId, q),
    queryFn: ({ pageParam }) =>
      api.get('/api/chat/contacts', { schema: ChatContactsResponseSchema, query: { q, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The people of every contacts page loaded so far. */
export const contactsOf = (data: InfiniteData<ChatContactsResponse> | undefined): ChatPerson[] =>
  data?.pages.flatMap((page) => page.people) ?? [];

/** GET /api/chat/search?q=: the member's messages matching the words, newest first. */
export function useSearchMessages(userId: string, q: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.search(userId, q),
    queryFn: ({ pageParam }) =>
      api.get('/api/chat/search', {
        schema: ChatMessagesResponseSchema,
        query: { q, limit: LIST_PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: q.length > 0,
    staleTime: 0,
  });
}

/** POST …/conversations/{id}/typing: tells the others the member is typing (in a thread with `parentId`). */
export const sendTyping = (conversationId: string, parentId: string | null) =>
  api.post(`/api/chat/conversations/${enc(conversationId)}/typing`, parentId ? { parent_id: parentId } : {});
