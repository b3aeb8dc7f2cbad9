import { EventEmitter } from 'node:events';
import type { Bus } from '../../lib/bus.ts';

/** Bus channel announcing new notifications, so every instance can tell its open streams. */
export const NOTIFICATIONS_CHANNEL = 'notifications';

interface NotifiedMessage {
  client_id: string;
  user_ids: string[];
}

/** Tells every instance that these users have new notifications (at-most-once: the app refetches by cursor). */
export async function publishNotified(bus: Bus, clientId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const message: NotifiedMessage = { client_id: clientId, user_ids: userIds };
  await bus.publish(NOTIFICATIONS_CHANNEL, JSON.stringify(message));
}

/** Fans bus messages out to the open streams of this instance, keyed by client and user. */
export function createNotificationStreams(bus: Bus) {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  bus.subscribe(NOTIFICATIONS_CHANNEL, (raw) => {
    let message: NotifiedMessage;
    try {
      message = JSON.parse(raw) as NotifiedMessage;
    } catch {
      return;
    }
    for (const userId of message.user_ids) local.emit(`${message.client_id}:${userId}`);
  });
  return {
    /** Calls `listener` whenever the user gets a notification; returns the unsubscribe function. */
    listen(clientId: string, userId: string, listener: () => void): () => void {
      const key = `${clientId}:${userId}`;
      local.on(key, listener);
      return () => local.off(key, listener);
    },
  };
}
