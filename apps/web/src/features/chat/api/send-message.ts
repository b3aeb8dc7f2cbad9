import {
  type ChatMessage,
  ChatMessageResponseSchema,
  type Mention,
  RETRY_STATUSES,
  type SendChatMessageRequest,
} from '@rally/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, api } from '../../../lib/api-client';
import { newClientMessageId } from '../utils/client-id';
import { type MessagePages, replaceMessage } from '../utils/messages';
import { catchUpMessages, getMessage } from './get-messages';
import { type DraftAttachment, type OutboxItem, outbox, outboxKey } from './outbox';
import { type ChatScope, chatKeys, chatPaths } from './query-keys';

/** POST …/conversations/{id}/messages: 201 with the stored message, or 200 with it when this id was sent before. */
export const sendMessage = (scope: ChatScope, conversationId: string, body: SendChatMessageRequest) =>
  api.post(chatPaths.messages(scope, conversationId), body, { schema: ChatMessageResponseSchema });

/** What the member wrote: text, chosen mentions still named in it, uploaded files, and what it quotes. */
export interface MessageDraft {
  body: string;
  mentions: Mention[];
  attachments: DraftAttachment[];
  quote: ChatMessage | null;
}

/** After a conversation moved (a message sent or read), its place and preview in the lists. */
export function refreshConversationLists(queryClient: QueryClient, userId: string, scope: ChatScope) {
  const queryKey = scope === 'brand' ? chatKeys.inboxAll(userId) : chatKeys.conversations(userId);
  return queryClient.invalidateQueries({ queryKey });
}

/** Puts a message answered by the server in place wherever it is cached (its list and its own entry). */
export function putMessage(queryClient: QueryClient, userId: string, scope: ChatScope, message: ChatMessage) {
  queryClient.setQueryData<MessagePages>(
    chatKeys.messages(userId, scope, message.conversation_id, message.parent_id),
    (data) => replaceMessage(data, message),
  );
  if (queryClient.getQueryData(chatKeys.message(userId, scope, message.id)))
    queryClient.setQueryData(chatKeys.message(userId, scope, message.id), { message });
  for (const item of outbox.get(outboxKey(scope, message.conversation_id, message.parent_id)))
    if (item.message?.id === message.id)
      outbox.update(outboxKey(scope, message.conversation_id, message.parent_id), item.client_message_id, {
        message,
      });
}

/** Fetches a message again and puts it in place (its reactions, text or reply count changed). */
export async function refreshMessage(
  queryClient: QueryClient,
  userId: string,
  scope: ChatScope,
  messageId: string,
): Promise<void> {
  const { message } = await getMessage(scope, messageId);
  putMessage(queryClient, userId, scope, message);
}

const canRetry = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.status === 0 ||
  (RETRY_STATUSES as readonly number[]).includes(error.status) ||
  error.status >= 500;

/**
 * Sending in a conversation or thread, optimistically: the message shows at once from the outbox, goes out with a
 * client-made id (a retry with the same id is stored once), and once stored the conversation catches up by cursor,
 * which brings it (and anything others wrote meanwhile) into the pages. A refusal keeps it in the outbox with the
 * server's message (brand safety names the phrase); `retry` sends it again, `discard` drops it.
 */
export function useSendMessage(
  userId: string,
  scope: ChatScope,
  conversationId: string,
  parentId: string | null,
) {
  const queryClient = useQueryClient();
  const key = outboxKey(scope, conversationId, parentId);

  const deliver = useCallback(
    async (item: OutboxItem) => {
      outbox.update(key, item.client_message_id, { status: 'sending', error: null });
      try {
        const { message } = await sendMessage(scope, conversationId, {
          client_message_id: item.client_message_id,
          body: item.body,
          mentions: item.mentions.map((m) => m.id),
          attachments: item.attachments.map((a) => a.url),
          parent_id: item.parent_id ?? undefined,
          quote_id: item.quote?.id,
        });
        outbox.update(key, item.client_message_id, { status: 'sent', message });
        await catchUpMessages(queryClient, userId, scope, conversationId, parentId);
        if (parentId) await refreshMessage(queryClient, userId, scope, parentId).catch(() => undefined);
        void refreshConversationLists(queryClient, userId, scope);
      } catch (error) {
        outbox.update(key, item.client_message_id, {
          status: 'failed',
          error: (error as Error).message,
          canRetry: canRetry(error),
        });
      }
    },
    [key, scope, conversationId, parentId, queryClient, userId],
  );

  const send = useCallback(
    (draft: MessageDraft) => {
      const item: OutboxItem = {
        client_message_id: newClientMessageId(),
        body: draft.body.trim(),
        mentions: draft.mentions,
        attachments: draft.attachments,
        parent_id: parentId,
        quote: draft.quote,
        status: 'sending',
        error: null,
        canRetry: false,
        message: null,
        created_at: new Date().toISOString(),
      };
      outbox.add(key, item);
      return deliver(item);
    },
    [key, parentId, deliver],
  );

  const retry = useCallback(
    (clientMessageId: string) => {
      const item = outbox.get(key).find((i) => i.client_message_id === clientMessageId);
      if (item) void deliver(item);
    },
    [key, deliver],
  );

  const discard = useCallback((clientMessageId: string) => outbox.remove(key, [clientMessageId]), [key]);

  return { send, retry, discard };
}
