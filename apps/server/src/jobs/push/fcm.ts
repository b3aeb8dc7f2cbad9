import { createSign } from 'node:crypto';
import type { FcmConfig } from '../../config.ts';
import {
  isTransientStatus,
  networkFailure,
  type PushMessage,
  type PushResult,
  type PushSender,
} from './types.ts';

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const TIMEOUT_MS = 10_000;

const base64url = (value: string) => Buffer.from(value).toString('base64url');

/**
 * Firebase Cloud Messaging, HTTP v1 API: a service account signs a JWT (RS256, node:crypto) that is exchanged
 * for an OAuth access token, kept until shortly before it expires; each message is one POST per device token.
 */
export function createFcmSender(config: FcmConfig): PushSender {
  let cached: { token: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(
      JSON.stringify({
        iss: config.serviceAccount.client_email,
        scope: SCOPE,
        aud: config.tokenUrl,
        iat: now,
        exp: now + 3600,
      }),
    )}`;
    const signature = createSign('RSA-SHA256')
      .update(unsigned)
      .sign(config.serviceAccount.private_key, 'base64url');
    const res = await fetch(config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${unsigned}.${signature}`,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`FCM sign-in failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
    const body = (await res.json()) as { access_token: string; expires_in?: number };
    cached = { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return cached.token;
  }

  return {
    name: 'fcm',
    async send(token: string, message: PushMessage): Promise<PushResult> {
      let res: Response;
      try {
        res = await fetch(
          `${config.apiUrl}/v1/projects/${encodeURIComponent(config.projectId)}/messages:send`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              message: {
                token,
                notification: { title: message.title, ...(message.body ? { body: message.body } : {}) },
                // Data values must be strings; the app reads link and id when the notification is tapped.
                data: {
                  id: message.notificationId,
                  kind: message.kind,
                  link: message.link ?? '',
                  badge: String(message.badge),
                },
                // The app icon's count of unread notifications (iOS badge, Android launcher count).
                android: { priority: 'high', notification: { notification_count: message.badge } },
                apns: { payload: { aps: { sound: 'default', badge: message.badge } } },
              },
            }),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          },
        );
      } catch (error) {
        return networkFailure(error);
      }
      if (res.ok) return { status: 'sent' };
      const error = `FCM ${res.status}: ${(await res.text()).slice(0, 300)}`;
      // An expired or revoked access token: sign in again on the retry.
      if (res.status === 401) cached = null;
      if (res.status === 404 || res.status === 410) return { status: 'failed', error, isGone: true };
      return { status: 'failed', error, isTransient: res.status === 401 || isTransientStatus(res.status) };
    },
  };
}
