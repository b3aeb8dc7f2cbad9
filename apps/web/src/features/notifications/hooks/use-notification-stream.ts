import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useReloadClient } from '../../../lib/client';
import { getNotificationsQueryKey } from '../api/query-keys';

/**
 * Listens to GET /api/notifications/stream (Server-Sent Events), the app's live channel: a `notification`
 * refetches the notifications, so the dot and an open list update live; a `client.updated` (an admin saved the
 * client's settings) re-reads the client, so colours, words, name and logo change in the open tab. Events carry
 * nothing to trust: what they are about is fetched again. EventSource reconnects by itself; after a reconnect
 * both are fetched again too, for events missed meanwhile.
 */
export function useNotificationStream(userId: string | null, enabled: boolean): void {
  const queryClient = useQueryClient();
  const reloadClient = useReloadClient();
  useEffect(() => {
    if (!enabled || !userId || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/notifications/stream', { withCredentials: true });
    let hasOpened = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: getNotificationsQueryKey(userId) });
    const refreshClient = () => {
      reloadClient().catch((error: unknown) => console.warn('Could not re-read the client', error));
    };
    source.addEventListener('notification', refresh);
    source.addEventListener('client.updated', refreshClient);
    source.addEventListener('open', () => {
      // Events missed while disconnected are caught up by fetching again.
      if (hasOpened) {
        refresh();
        refreshClient();
      }
      hasOpened = true;
    });
    return () => source.close();
  }, [userId, enabled, queryClient, reloadClient]);
}
