import webpush from 'web-push';
import type { VapidConfig } from '../../config.ts';
import {
  isTransientStatus,
  networkFailure,
  type PushMessage,
  type PushResult,
  type PushSender,
} from './types.ts';

const TTL_SECONDS = 24 * 3600;

/** Reads a stored Web Push subscription (the device's fcm token field holds the subscription JSON). */
function parseSubscription(token: string): webpush.PushSubscription | null {
  try {
    const value = JSON.parse(token) as webpush.PushSubscription;
    const isValid =
      typeof value?.endpoint === 'string' &&
      /^https?:\/\//.test(value.endpoint) &&
      typeof value.keys?.p256dh === 'string' &&
      typeof value.keys?.auth === 'string';
    return isValid ? value : null;
  } catch {
    return null;
  }
}

/**
 * Web Push (RFC 8030/8291/8292) for the installed PWA: `web-push` encrypts the payload and signs the VAPID header;
 * the request itself goes out through fetch, to whichever push service the subscription names.
 */
export function createWebPushSender(config: VapidConfig): PushSender {
  return {
    name: 'webpush',
    async send(token: string, message: PushMessage): Promise<PushResult> {
      const subscription = parseSubscription(token);
      if (!subscription) return { status: 'failed', error: 'Not a Web Push subscription' };
      const payload = JSON.stringify({
        id: message.notificationId,
        kind: message.kind,
        title: message.title,
        body: message.body,
        link: message.link,
        badge: message.badge,
      });
      const request = webpush.generateRequestDetails(subscription, payload, {
        vapidDetails: { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey },
        TTL: TTL_SECONDS,
      });
      let res: Response;
      try {
        res = await fetch(request.endpoint, {
          method: request.method,
          headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
          body: request.body,
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        return networkFailure(error);
      }
      if (res.ok) return { status: 'sent' };
      const error = `Web Push ${res.status}: ${(await res.text()).slice(0, 300)}`;
      if (res.status === 404 || res.status === 410) return { status: 'failed', error, isGone: true };
      return { status: 'failed', error, isTransient: isTransientStatus(res.status) };
    },
  };
}
