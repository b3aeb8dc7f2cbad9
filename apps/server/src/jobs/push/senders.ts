import type { AppConfig } from '../../config.ts';
import { createFcmSender } from './fcm.ts';
import type { PushSender } from './types.ts';
import { createWebPushSender } from './web-push.ts';

/** The configured sender of each device platform; null when none is configured (the send is only recorded). */
export interface PushSenders {
  forPlatform(platform: string): PushSender | null;
}

/** FCM for ios/android when FCM_* is set, Web Push for web when VAPID_* is set. */
export function createPushSenders(config: Pick<AppConfig, 'fcm' | 'vapid'>): PushSenders {
  const fcm = config.fcm ? createFcmSender(config.fcm) : null;
  const web = config.vapid ? createWebPushSender(config.vapid) : null;
  return {
    forPlatform: (platform) =>
      platform === 'web' ? web : platform === 'ios' || platform === 'android' ? fcm : null,
  };
}
