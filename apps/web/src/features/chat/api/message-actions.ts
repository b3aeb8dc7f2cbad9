import {
  type ChatMessage,
  ChatMessageResponseSchema,
  type ChatReactionEmoji,
  OkResponseSchema,
  type UpdateChatMessageRequest,
} from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ChatScope } from './query-keys';
import { putMessage, refreshConversationLists } from './send-message';

const enc = encodeURIComponent;

/** PATCH /api/chat/messages/{id}: the author changes the text. */
export const editMessage = (messageId: string, body: UpdateChatMessageRequest) =>
  api.patch(`/api/chat/messages/${enc(messageId)}`, body, { schema: ChatMessageResponseSchema });

/** DELETE /api/chat/messages/{id}: the author deletes their own message (`abilities.can_delete`). */
export const deleteMessage = (messageId: string) =>
  api.delete(`/api/chat/messages/${enc(messageId)}`, { schema: ChatMessageResponseSchema });

/**
 * DELETE /api/admin/chat/messages/{id}: an admin removes someone's message as moderation (`abilities.can_remove`),
 * from /chat or /admin/chat alike; the server records it in the audit log and tells everyone of the conversation.
 */
export const removeMessage = (messageId: string) =>
  api.delete(`/api/admin/chat/messages/${enc(messageId)}`, { schema: ChatMessageResponseSchema });

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

/** Edit, delete, remove (moderation), react and report, each putting the answered message in place in every cached list. */
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
    deleteOwn: useMutation({ mutationFn: (id: string) => deleteMessage(id), onSuccess: put }),
    moderate: useMutation({ mutationFn: (id: string) => removeMessage(id), onSuccess: put }),
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
