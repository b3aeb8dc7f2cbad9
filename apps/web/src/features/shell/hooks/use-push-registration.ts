import type { User } from '@rally/shared';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';
import { getPlatform } from '../../../lib/native/platform';
import { requestPushRegistration } from '../../../lib/native/push';
import { getDeviceId } from '../../../lib/storage';

/**
 * Registers the device for push on a native platform when the user is onboarded or a ghost (SPEC 4):
 * reports the permission with GET /api/me?notifications=…, then PATCH /api/me {fcm, platform, deviceId}.
 * Failures are logged only (SPEC 8). On the web the adapter answers null and nothing happens.
 */
export function usePushRegistration(user: User | null): void {
  const userId = user?.id;
  const isEligible = Boolean(user && (user.onboarded_at || user.is_ghost));
  useEffect(() => {
    if (!userId || !isEligible) return;
    let isCancelled = false;
    (async () => {
      const registration = await requestPushRegistration();
      if (!registration || isCancelled) return;
      await api.getMe({ notifications: registration.granted });
      if (!registration.granted || !registration.token) return;
      await api.patch('/api/me', {
        fcm: registration.token,
        platform: getPlatform(),
        deviceId: getDeviceId(),
      });
    })().catch((error: unknown) => console.warn('Push registration failed', error));
    return () => {
      isCancelled = true;
    };
  }, [userId, isEligible]);
}
