import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getNotificationsQueryKey } from '../api/query-keys';

/**
 * Listens to GET /api/notifications/stream (Server-Sent Events) and refetches the notifications when one
 * arrives, so the dot and an open list update live. The event carries nothing to trust: the list is fetched
 * again by cursor. EventSource reconnects by itself; after a reconnect the list is fetched again too.
 */
export function useNotificationStream(userId: string | null, enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || !userId || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/notifications/stream', { withCredentials: true });
    let hasOpened = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: getNotificationsQueryKey(userId) });
    source.addEventListener('notification', refresh);
    source.addEventListener('open', () => {
      // Events missed while disconnected are caught up by fetching again.
      if (hasOpened) refresh();
      hasOpened = true;
    });
    return () => source.close();
  }, [userId, enabled, queryClient]);
}
