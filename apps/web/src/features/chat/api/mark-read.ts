import { ChatConversationResponseSchema, ChatInboxConversationResponseSchema } from '@rally/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { isAfter } from '../utils/messages';
import { putConversation } from './conversations';
import { type ChatScope, chatKeys, chatPaths } from './query-keys';

// The newest message each list was marked read up to in this tab: a pointer never moves back, so nothing older is
// sent again. Bounded like every in-memory cache.
const marked = new Map<string, string>();
const MAX_MARKED = 500;

/** POST …/read: read up to this message (a reply moves its thread's pointer); the badge updates at once. */
export async function markRead(
  queryClient: QueryClient,
  userId: string,
  scope: ChatScope,
  conversationId: string,
  messageId: string,
): Promise<void> {
  const body = { message_id: messageId };
  if (scope === 'brand') {
    const { conversation } = await api.post(chatPaths.read(scope, conversationId), body, {
      schema: ChatInboxConversationResponseSchema,
    });
    queryClient.setQueryData(chatKeys.inboxConversation(userId, conversation.id), { conversation });
    void queryClient.invalidateQueries({ queryKey: [...chatKeys.inboxAll(userId), 'inbox'] });
  } else {
    const { conversation } = await api.post(chatPaths.read(scope, conversationId), body, {
      schema: ChatConversationResponseSchema,
    });
    putConversation(queryClient, userId, conversation);
  }
  await queryClient.invalidateQueries({ queryKey: chatKeys.seen(userId) });
}

/**
 * Marks a conversation (or a thread, `parentId`) read up to its newest message when the member sees it: once per
 * newer message, and not at all when the conversation's pointer is already there.
 */
export function useMarkRead(
  userId: string,
  scope: ChatScope,
  conversationId: string,
  parentId: string | null,
) {
  const queryClient = useQueryClient();
  return useCallback(
    (newestId: string, knownReadId: string | null) => {
      const key = `${scope}:${conversationId}:${parentId ?? ''}`;
      const done = marked.get(key) ?? knownReadId;
      if (!isAfter(newestId, done)) return;
      if (marked.size >= MAX_MARKED) marked.clear();
      marked.set(key, newestId);
      markRead(queryClient, userId, scope, conversationId, newestId).catch((error: unknown) => {
        marked.delete(key);
        console.warn('Could not mark the conversation read', error);
      });
    },
    [queryClient, userId, scope, conversationId, parentId],
  );
}
