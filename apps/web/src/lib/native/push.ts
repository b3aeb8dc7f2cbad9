import { isNativePlatform } from './platform';

/** Result of asking for push permission and a device token. */
export interface PushRegistration {
  granted: boolean;
  /** FCM token when granted. */
  token: string | null;
}

/**
 * Asks for push permission and returns the FCM token. Push is registered only on a native platform
 * (SPEC 4); the web fallback answers null so callers skip registration.
 */
export async function requestPushRegistration(): Promise<PushRegistration | null> {
  if (!isNativePlatform()) return null;
  // The Capacitor PushNotifications adapter is wired in with the native shell.
  return null;
}

/** Subscribes to taps on push notifications; the web fallback never calls back. */
export function onPushNotificationTapped(
  _handler: (data: { id?: string; link?: string }) => void,
): () => void {
  return () => {};
}
