import { CHAT_EVENTS } from '@rally/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useReloadClient } from '../../../lib/client';
import { getNotificationsQueryKey } from '../api/query-keys';

/**
 * The window event other parts of the app hear the stream's events through, `detail` {event, data}: chat's events as
 * sent, and `stream.reopened` after a reconnect (catch up by cursor: events may have been missed). The stream knows
 * no feature that listens.
 */
export const LIVE_WINDOW_EVENT = 'rally:live';
/** Named events passed on as they come (their data is ids only). */
const FORWARDED_EVENTS: readonly string[] = CHAT_EVENTS;
/** Chat events that can change the unread count of the header's chat badge. */
const UNREAD_EVENTS = new Set(['chat.message', 'chat.message.updated', 'chat.read', 'chat.conversation']);

function forward(event: string, data: unknown) {
  window.dispatchEvent(new CustomEvent(LIVE_WINDOW_EVENT, { detail: { event, data } }));
}

function parse(text: unknown): unknown {
  try {
    return typeof text === 'string' && text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * Listens to GET /api/notifications/stream (Server-Sent Events), the app's live channel: a `notification`
 * refetches the notifications, so the dot and an open list update live; a `client.updated` (an admin saved the
 * client's settings) re-reads the client, so colours, words, name and logo change in the open tab; chat's events
 * refresh the chat badge (GET /api/chat/seen) and are passed on as LIVE_WINDOW_EVENT to an open chat. Events carry
 * nothing to trust: what they are about is fetched again. EventSource reconnects by itself; after a reconnect
 * everything is fetched again too, for events missed meanwhile.
 */
export function useNotificationStream(userId: string | null, enabled: boolean): void {
  const queryClient = useQueryClient();
  const reloadClient = useReloadClient();
  useEffect(() => {
    if (!enabled || !userId || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/notifications/stream', { withCredentials: true });
    let hasOpened = false;
    let chatTimer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: getNotificationsQueryKey(userId) });
    const refreshClient = () => {
      reloadClient().catch((error: unknown) => console.warn('Could not re-read the client', error));
    };
    // A burst of chat events (a conversation read, several messages) asks for the unread count once.
    const refreshChatBadge = () => {
      clearTimeout(chatTimer);
      chatTimer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: [userId, 'api/chat/seen'] }),
        250,
      );
    };
    source.addEventListener('notification', refresh);
    source.addEventListener('client.updated', refreshClient);
    for (const name of FORWARDED_EVENTS) {
      source.addEventListener(name, (event) => {
        if (UNREAD_EVENTS.has(name)) refreshChatBadge();
        forward(name, parse((event as MessageEvent).data));
      });
    }
    source.addEventListener('open', () => {
      // Events missed while disconnected are caught up by fetching again.
      if (hasOpened) {
        refresh();
        refreshClient();
        refreshChatBadge();
        forward('stream.reopened', null);
      }
      hasOpened = true;
    });
    return () => {
      clearTimeout(chatTimer);
      source.close();
    };
  }, [userId, enabled, queryClient, reloadClient]);
}
