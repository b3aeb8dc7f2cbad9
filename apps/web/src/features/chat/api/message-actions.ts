import {
  type ChatMessage,
  ChatMessageResponseSchema,
  type ChatReactionEmoji,
  OkResponseSchema,
  type UpdateChatMessageRequest,
} from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type ChatScope, chatPaths } from './query-keys';
import { putMessage, refreshConversationLists } from './send-message';

const enc = encodeURIComponent;

/** PATCH /api/chat/messages/{id}: the author changes the text. */
export const editMessage = (messageId: string, body: UpdateChatMessageRequest) =>
  api.patch(`/api/chat/messages/${enc(messageId)}`, body, { schema: ChatMessageResponseSchema });

/** DELETE the author's message (members), or any message of the client (an admin of the brand team). */
export const deleteMessage = (scope: ChatScope, messageId: string) =>
  api.delete(chatPaths.message(scope, messageId), { schema: ChatMessageResponseSchema });

/** PUT /api/chat/messages/{id}/reactions, or DELETE …?emoji= to take the viewer's reaction back. */
export const setReaction = (messageId: string, emoji: ChatReactionEmoji, isOn: boolean) =>
  isOn
    ? api.request(`/api/chat/messages/${enc(messageId)}/reactions`, {
        method: 'PUT',
        body: { emoji },
        schema: ChatMessageResponseSchema,
      })
    : api.delete(`/api/chat/messages/${enc(messageId)}/reactions`, {
        query: { emoji },
        schema: ChatMessageResponseSchema,
      });

/** POST /api/chat/messages/{id}/report: into the Brand Safety queue. */
export const reportMessage = (messageId: string, reason: string) =>
  api.post(
    `/api/chat/messages/${enc(messageId)}/report`,
    { reason: reason.trim() || undefined },
    { schema: OkResponseSchema },
  );

/** Edit, delete, react and report, each putting the answered message in place in every cached list. */
export function useMessageActions(userId: string, scope: ChatScope) {
  const queryClient = useQueryClient();
  const put = ({ message }: { message: ChatMessage }) => {
    putMessage(queryClient, userId, scope, message);
    void refreshConversationLists(queryClient, userId, scope);
  };
  return {
    edit: useMutation({
      mutationFn: ({ id, ...body }: UpdateChatMessageRequest & { id: string }) => editMessage(id, body),
      onSuccess: put,
    }),
    remove: useMutation({ mutationFn: (id: string) => deleteMessage(scope, id), onSuccess: put }),
    react: useMutation({
      mutationFn: ({ id, emoji, isOn }: { id: string; emoji: ChatReactionEmoji; isOn: boolean }) =>
        setReaction(id, emoji, isOn),
      onSuccess: ({ message }) => putMessage(queryClient, userId, scope, message),
    }),
    report: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) => reportMessage(id, reason),
    }),
  };
}
