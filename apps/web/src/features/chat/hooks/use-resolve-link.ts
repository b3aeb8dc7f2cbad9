import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getMessageQueryOptions } from '../api/get-messages';
import type { ChatScope } from '../api/query-keys';
import type { ChatParams } from './use-chat-params';

/**
 * Completes a link to a message: `scroll` (or `thread` alone) names a message; its conversation, and its thread when
 * it is a reply, are read from GET …/messages/{id} and put into the address (replacing it, so Back skips the
 * incomplete one). Answers whether the message is being looked up, and `isMissing` when it cannot be seen.
 */
export function useResolveLink(
  userId: string,
  scope: ChatScope,
  params: ChatParams,
  go: (next: Partial<ChatParams>, options?: { replace?: boolean }) => void,
) {
  const id = params.scroll ?? params.thread;
  const query = useQuery({
    ...getMessageQueryOptions(userId, scope, id ?? ''),
    enabled: id !== null,
    retry: false,
  });
  const message = query.data?.message;
  useEffect(() => {
    if (!message || message.id !== id) return;
    const conversation = message.conversation_id;
    const thread = message.parent_id ?? (params.scroll ? params.thread : message.id);
    const isComplete = params.conversation === conversation && params.thread === thread;
    if (!isComplete) go({ conversation, thread }, { replace: true });
  }, [message, id, params.conversation, params.thread, params.scroll, go]);
  const isMissing =
    query.isError && query.error instanceof ApiError && [403, 404].includes(query.error.status);
  return {
    isResolving: id !== null && query.isPending,
    isMissing,
    error: query.isError ? query.error : null,
  };
}
