import { CHAT_POLL_MS, type ChatSeen } from '@rally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';

// Typed, not parsed: a call every signed-in page makes, kept free of zod for the first load (issue 11); the server
// validates the answer against the shared schema before sending it.
export const getChatSeen = () => api.get<ChatSeen>('/api/chat/seen');

export function getChatSeenQueryOptions(userId: string) {
  return queryOptions({ queryKey: [userId, 'api/chat/seen'], queryFn: getChatSeen });
}

/** Unread chat count, polled every CHAT_POLL_MS while a chat-enabled user is signed in (SPEC 7). */
export function useChatUnread(userId: string | null, enabled: boolean): number {
  const query = useQuery({
    ...getChatSeenQueryOptions(userId ?? ''),
    enabled: enabled && userId !== null,
    refetchInterval: CHAT_POLL_MS,
    refetchIntervalInBackground: false,
  });
  return query.data?.unread ?? 0;
}

/** The first unread message of the polled summary (read from its cache, never fetched here). */
export function useChatFirstUnread(): ChatSeen['first'] {
  const query = useQuery({ ...getChatSeenQueryOptions(useUser()?.id ?? ''), enabled: false });
  return query.data?.first ?? null;
}
