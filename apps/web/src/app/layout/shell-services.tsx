import type { User } from '@rally/shared';
import { useAppBadge } from '../../features/notifications/hooks/use-app-badge';
import { useNotificationStream } from '../../features/notifications/hooks/use-notification-stream';
import { usePushTaps } from '../../features/notifications/hooks/use-push-taps';
import { usePushRegistration } from '../../features/shell/hooks/use-push-registration';
import { useTimePing } from '../../features/shell/hooks/use-time-ping';
import { useUserLanguage } from '../../lib/language';

interface ShellServicesProps {
  user: User | null;
  /** The live notification stream and tapped pushes run while the shell shows the full menu. */
  isLive: boolean;
}

/**
 * What the shell runs in the background and never draws: the active-time ping, push registration, the live
 * notification stream, tapped push notifications, the app icon's badge and the member's UI language. Its own chunk, loaded after the first paint (app-shell.tsx), keeps the first download
 * within issue 11's budget.
 */
export default function ShellServices({ user, isLive }: ShellServicesProps) {
  const userId = user?.id ?? null;
  useTimePing(true);
  usePushRegistration(user);
  useNotificationStream(userId, isLive && userId !== null);
  useAppBadge(userId, isLive);
  usePushTaps(userId, isLive && userId !== null);
  useUserLanguage(user);
  return null;
}
