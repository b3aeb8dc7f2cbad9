import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onPushNotificationTapped } from '../../../lib/native/push';
import { getNotificationsQueryKey } from '../api/query-keys';
import { markNotification } from '../api/update-notifications';

/**
 * A tapped push notification (native shell) is marked handled and opens its link (SPEC 2, 4); failures are
 * logged only (SPEC 8). On the web the service worker does the same (public/sw.js).
 */
export function usePushTaps(userId: string | null, enabled: boolean): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || !userId) return;
    return onPushNotificationTapped(({ id, link }) => {
      if (id) {
        markNotification(id)
          .catch((error: unknown) => console.warn('Notification update failed', error))
          .finally(() => void queryClient.invalidateQueries({ queryKey: getNotificationsQueryKey(userId) }));
      }
      if (link?.startsWith('/') && !link.startsWith('//')) navigate(link);
    });
  }, [userId, enabled, navigate, queryClient]);
}
