import type { ChatPerson } from '@rally/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ChatScope } from '../api/query-keys';
import { chatKeys } from '../api/query-keys';
import { flattenPages, type MessagePages } from '../utils/messages';

/** The display name of someone in a conversation: from its people, else from the authors of its loaded messages. */
export function useNameOf(
  userId: string,
  scope: ChatScope,
  conversationId: string,
  people: readonly ChatPerson[],
) {
  const queryClient = useQueryClient();
  return useCallback(
    (personId: string): string | null => {
      const person = people.find((p) => p.id === personId);
      if (person) return person.display_name;
      const data = queryClient.getQueryData<MessagePages>(
        chatKeys.messages(userId, scope, conversationId, null),
      );
      return flattenPages(data).find((m) => m.author?.id === personId)?.author?.display_name ?? null;
    },
    [queryClient, userId, scope, conversationId, people],
  );
}
