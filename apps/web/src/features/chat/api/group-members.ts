import { ChatConversationResponseSchema, OkResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { putConversation } from './conversations';
import { chatKeys } from './query-keys';

const enc = encodeURIComponent;

/**
 * A group's people: POST …/members adds (any member), DELETE …/members/{userId} removes (the starter) or, with the
 * viewer's own id, leaves the group.
 */
export function useGroupMembers(userId: string, conversationId: string) {
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: (userIds: string[]) =>
      api.post(
        `/api/chat/conversations/${enc(conversationId)}/members`,
        { user_ids: userIds },
        { schema: ChatConversationResponseSchema },
      ),
    onSuccess: ({ conversation }) => putConversation(queryClient, userId, conversation),
  });
  const remove = useMutation({
    mutationFn: (memberId: string) =>
      api.delete(`/api/chat/conversations/${enc(conversationId)}/members/${enc(memberId)}`, {
        schema: OkResponseSchema,
      }),
    onSuccess: (_answer, memberId) => {
      if (memberId === userId) {
        queryClient.removeQueries({ queryKey: chatKeys.conversation(userId, conversationId) });
      } else {
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(userId, conversationId) });
      }
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(userId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.seen(userId) });
    },
  });
  return { add, remove };
}
