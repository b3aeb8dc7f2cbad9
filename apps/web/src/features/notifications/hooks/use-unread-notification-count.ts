import { useNotifications } from '../api/get-notifications';
import { useNotificationStream } from './use-notification-stream';
import { usePushTaps } from './use-push-taps';

/**
 * Unread notifications of the user in all (drives the menu dot). While the shell shows it, the live stream
 * refreshes it as soon as a notification arrives, and tapped push notifications are handled.
 */
export function useUnreadNotificationCount(userId: string | null, enabled: boolean): number {
  const isEnabled = enabled && userId !== null;
  const query = useNotifications(userId ?? '', isEnabled);
  useNotificationStream(userId, isEnabled);
  usePushTaps(userId, isEnabled);
  return query.data?.pages[0]?.unread ?? 0;
}
