import { useEffect } from 'react';
import { useUnreadNotifications } from './use-unread-notification-count';

/** The Badging API where the installed app has it (Chromium, Safari 16.4+); absent elsewhere. */
interface BadgingNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/**
 * Keeps the installed app's icon badge at the member's unread notifications (chat messages included: reading them
 * marks them read), on every sync of the count: so a message read on another device clears this one's badge on the
 * next poll or live update, not only on the next push. Signed out, the badge is cleared.
 */
export function useAppBadge(userId: string | null, enabled: boolean): void {
  const unread = useUnreadNotifications(userId, enabled);
  // Until the count is known the badge stays as the last push left it.
  const count = userId && enabled ? unread : 0;
  useEffect(() => {
    const badging = navigator as Navigator & BadgingNavigator;
    if (count === undefined || !badging.setAppBadge || !badging.clearAppBadge) return;
    // A refused badge (not installed, permission) changes nothing the member sees: ignore it.
    const done = count > 0 ? badging.setAppBadge(count) : badging.clearAppBadge();
    done.catch(() => undefined);
  }, [count]);
}
