import { ChatMessageResponseSchema, ChatMessagesResponseSchema } from '@rally/shared';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type MessagePages, mergeNewer, newestId } from '../utils/messages';
import { type ChatScope, chatKeys, chatPaths } from './query-keys';

/** Messages per page: a screenful of a conversation. */
export const CHAT_PAGE_SIZE = 20;
/** Newer pages fetched one after another when catching up; further behind, the conversation starts again. */
const MAX_CATCH_UP_PAGES = 10;

/**
 * GET …/conversations/{id}/messages: a page of the conversation's messages (or of a thread's replies with
 * `parentId`), newest first; a cursor with a positive limit gives older ones, with a negative limit newer ones.
 */
export const getMessages = (
  scope: ChatScope,
  conversationId: string,
  page: { parentId: string | null; cursor?: string | null; limit?: number },
) =>
  api.get(chatPaths.messages(scope, conversationId), {
    schema: ChatMessagesResponseSchema,
    query: {
      limit: page.limit ?? CHAT_PAGE_SIZE,
      cursor: page.cursor ?? undefined,
      parent_id: page.parentId ?? undefined,
    },
  });

/** GET …/messages/{id}: one message, as the scope sees it (how `/chat?scroll=` finds its conversation). */
export const getMessage = (scope: ChatScope, messageId: string) =>
  api.get(chatPaths.message(scope, messageId), { schema: ChatMessageResponseSchema });

export function getMessageQueryOptions(userId: string, scope: ChatScope, messageId: string) {
  return queryOptions({
    queryKey: chatKeys.message(userId, scope, messageId),
    queryFn: () => getMessage(scope, messageId),
  });
}

export function getMessagesQueryOptions(
  userId: string,
  scope: ChatScope,
  conversationId: string,
  parentId: string | null,
) {
  return infiniteQueryOptions({
    queryKey: chatKeys.messages(userId, scope, conversationId, parentId),
    queryFn: ({ pageParam }) => getMessages(scope, conversationId, { parentId, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** A conversation's (or thread's) messages, newest page first; older pages load as the member scrolls up. */
export function useMessages(
  userId: string,
  scope: ChatScope,
  conversationId: string,
  parentId: string | null,
) {
  return useInfiniteQuery(getMessagesQueryOptions(userId, scope, conversationId, parentId));
}

// One catch-up at a time per list, so that two events at once never fetch (or merge) the same page twice.
const running = new Map<string, Promise<void>>();

/**
 * Brings a cached list up to date: newer pages by cursor from its newest message (`limit` negative) until
 * `next_cursor` is null, merged without duplicates (SPEC 7; after an event or a reconnect, never a gap). Only
 * fetched pages move the newest message, so nothing sent meanwhile is skipped. An empty list is fetched again.
 */
export function catchUpMessages(
  queryClient: QueryClient,
  userId: string,
  scope: ChatScope,
  conversationId: string,
  parentId: string | null,
): Promise<void> {
  const queryKey = chatKeys.messages(userId, scope, conversationId, parentId);
  const id = JSON.stringify(queryKey);
  const previous = running.get(id) ?? Promise.resolve();
  const next = previous.then(async () => {
    const data = queryClient.getQueryData<MessagePages>(queryKey);
    if (!data) return;
    let cursor = newestId(data);
    if (!cursor) {
      await queryClient.refetchQueries({ queryKey, exact: true });
      return;
    }
    for (let page = 0; page < MAX_CATCH_UP_PAGES; page += 1) {
      const newer = await getMessages(scope, conversationId, { parentId, cursor, limit: -CHAT_PAGE_SIZE });
      queryClient.setQueryData<MessagePages>(queryKey, (current) => mergeNewer(current, newer.messages));
      if (!newer.next_cursor) return;
      cursor = newer.next_cursor;
    }
    await queryClient.resetQueries({ queryKey, exact: true });
  });
  const settled = next.catch((error: unknown) => console.warn('Chat catch-up failed', error));
  running.set(id, settled);
  void settled.finally(() => {
    if (running.get(id) === settled) running.delete(id);
  });
  return settled;
}
