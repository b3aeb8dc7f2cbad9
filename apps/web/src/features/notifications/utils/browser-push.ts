import { api } from '../../../lib/api-client';
import { getDeviceId } from '../../../lib/storage';

/** Where the service worker that shows pushes lives (apps/web/public/sw.js). */
const WORKER_URL = '/sw.js';

export type BrowserPushState = 'unsupported' | 'denied' | 'off' | 'on';

export function isBrowserPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** Whether this browser is subscribed (and allowed) to receive pushes. */
export async function getBrowserPushState(): Promise<BrowserPushState> {
  if (!isBrowserPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration(WORKER_URL);
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission, subscribes this browser with the server's VAPID key and registers it as a 'web' device:
 * PATCH /api/me with the subscription JSON as the fcm token (the server's Web Push sender reads it back).
 */
export async function enableBrowserPush(publicKey: string): Promise<BrowserPushState> {
  const permission = await Notification.requestPermission();
  await api.getMe({ notifications: permission === 'granted' });
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const registration = await navigator.serviceWorker.register(WORKER_URL);
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await api.patch('/api/me', { fcm: JSON.stringify(subscription), platform: 'web', deviceId: getDeviceId() });
  return 'on';
}

/** Unsubscribes this browser and removes its device registration. */
export async function disableBrowserPush(): Promise<BrowserPushState> {
  const registration = await navigator.serviceWorker.getRegistration(WORKER_URL);
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
  await api.delete(`/api/fcm/${encodeURIComponent(getDeviceId())}`).catch(() => undefined);
  return 'off';
}
