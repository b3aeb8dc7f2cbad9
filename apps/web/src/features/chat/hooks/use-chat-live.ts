import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { catchUpMessages } from '../api/get-messages';
import { type ChatScope, chatKeys } from '../api/query-keys';
import { refreshConversationLists, refreshMessage } from '../api/send-message';
import { hasMessage, type MessagePages } from '../utils/messages';
import { typingStore } from './use-typing';

/**
 * The window event the app's live stream passes chat's events on with (features/notifications/hooks/
 * use-notification-stream.ts, LIVE_WINDOW_EVENT): `detail` {event, data}, and `stream.reopened` after a reconnect.
 */
const LIVE_WINDOW_EVENT = 'rally:live';
const SCOPES: readonly ChatScope[] = ['member', 'brand'];

interface LiveData {
  conversation_id?: string;
  message_id?: string;
  parent_id?: string | null;
  user_id?: string;
}

/**
 * Keeps open conversations live while chat is on screen. Events carry ids only, so what they tell is fetched: a new
 * message brings its list up to date by cursor (never a gap, never twice), a changed message or reactions are
 * fetched again, typing shows for a few seconds, and after a reconnect every open list catches up.
 */
export function useChatLive(userId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let listTimer: ReturnType<typeof setTimeout> | undefined;
    const refreshLists = () => {
      clearTimeout(listTimer);
      listTimer = setTimeout(() => {
        for (const scope of SCOPES) void refreshConversationLists(queryClient, userId, scope);
      }, 250);
    };
    const cached = (scope: ChatScope, conversationId: string, parentId: string | null) =>
      queryClient.getQueryData<MessagePages>(chatKeys.messages(userId, scope, conversationId, parentId));
    const catchUp = (conversationId: string, parentId: string | null) => {
      for (const scope of SCOPES)
        if (cached(scope, conversationId, parentId))
          void catchUpMessages(queryClient, userId, scope, conversationId, parentId);
    };
    const refetch = (conversationId: string, parentId: string | null, messageId: string) => {
      for (const scope of SCOPES) {
        const isShown =
          hasMessage(cached(scope, conversationId, parentId), messageId) ||
          queryClient.getQueryData(chatKeys.message(userId, scope, messageId)) !== undefined;
        if (isShown)
          refreshMessage(queryClient, userId, scope, messageId).catch((error: unknown) =>
            console.warn('Could not refresh a chat message', error),
          );
      }
    };

    const handle = (event: string, data: LiveData) => {
      const conversationId = data.conversation_id ?? '';
      const parentId = data.parent_id ?? null;
      switch (event) {
        case 'chat.message':
          catchUp(conversationId, parentId);
          if (parentId) refetch(conversationId, null, parentId);
          refreshLists();
          return;
        case 'chat.message.updated':
        case 'chat.reaction':
          if (data.message_id) refetch(conversationId, parentId, data.message_id);
          if (event === 'chat.message.updated') refreshLists();
          return;
        case 'chat.read':
          if (data.user_id === userId) refreshLists();
          return;
        case 'chat.typing':
          if (data.user_id && data.user_id !== userId)
            typingStore.add(conversationId, parentId, data.user_id);
          return;
        case 'chat.conversation':
          void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(userId, conversationId) });
          void queryClient.invalidateQueries({
            queryKey: chatKeys.inboxConversation(userId, conversationId),
          });
          refreshLists();
          return;
        case 'chat.note':
          void queryClient.invalidateQueries({ queryKey: chatKeys.notes(userId, conversationId) });
          return;
        case 'stream.reopened':
          for (const query of queryClient
            .getQueryCache()
            .findAll({ queryKey: chatKeys.messagesPrefix(userId) })) {
            const [, , , scope, id, parent] = query.queryKey as [
              string,
              string,
              string,
              ChatScope,
              string,
              string,
            ];
            void catchUpMessages(queryClient, userId, scope, id, parent === 'root' ? null : parent);
          }
          refreshLists();
          return;
      }
    };
    const onLive = (event: Event) => {
      const detail = (event as CustomEvent<{ event: string; data: LiveData | null }>).detail;
      if (detail && typeof detail.event === 'string') handle(detail.event, detail.data ?? {});
    };
    window.addEventListener(LIVE_WINDOW_EVENT, onLive);
    return () => {
      clearTimeout(listTimer);
      window.removeEventListener(LIVE_WINDOW_EVENT, onLive);
    };
  }, [queryClient, userId]);
}
