import { EventEmitter } from 'node:events';
import type { Bus } from '../../lib/bus.ts';

/** Bus channel announcing new notifications, so every instance can tell its open streams. */
export const NOTIFICATIONS_CHANNEL = 'notifications';
/** Bus channel announcing a change that concerns every member of one client (e.g. its brand). */
export const CLIENT_EVENTS_CHANNEL = 'client-events';

/** What a client-wide event tells the open app: `client.updated`, the brand, words or features changed. */
export type ClientEvent = 'client.updated';
const CLIENT_EVENTS: readonly ClientEvent[] = ['client.updated'];

interface NotifiedMessage {
  client_id: string;
  user_ids: string[];
}

interface ClientEventMessage {
  client_id: string;
  event: ClientEvent;
}

/** Tells every instance that these users have new notifications (at-most-once: the app refetches by cursor). */
export async function publishNotified(bus: Bus, clientId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const message: NotifiedMessage = { client_id: clientId, user_ids: userIds };
  await bus.publish(NOTIFICATIONS_CHANNEL, JSON.stringify(message));
}

/**
 * Tells every instance to pass `event` to the open streams of this client's members, and of no other client
 * (at-most-once: the app also re-reads what the event is about when its stream reconnects).
 */
export async function publishClientEvent(bus: Bus, clientId: string, event: ClientEvent): Promise<void> {
  const message: ClientEventMessage = { client_id: clientId, event };
  await bus.publish(CLIENT_EVENTS_CHANNEL, JSON.stringify(message));
}

function parse<T>(raw: string): T | null {
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Fans bus messages out to the open streams of this instance, keyed by client and user (or by client alone). */
export function createNotificationStreams(bus: Bus) {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  bus.subscribe(NOTIFICATIONS_CHANNEL, (raw) => {
    const message = parse<NotifiedMessage>(raw);
    if (!message) return;
    for (const userId of message.user_ids) local.emit(`${message.client_id}:${userId}`);
  });
  bus.subscribe(CLIENT_EVENTS_CHANNEL, (raw) => {
    const message = parse<ClientEventMessage>(raw);
    if (!message || typeof message.client_id !== 'string' || !CLIENT_EVENTS.includes(message.event)) return;
    local.emit(`client:${message.client_id}`, message.event);
  });
  return {
    /** Calls `listener` whenever the user gets a notification; returns the unsubscribe function. */
    listen(clientId: string, userId: string, listener: () => void): () => void {
      const key = `${clientId}:${userId}`;
      local.on(key, listener);
      return () => local.off(key, listener);
    },
    /** Calls `listener` with every event of the whole client; returns the unsubscribe function. */
    listenClient(clientId: string, listener: (event: ClientEvent) => void): () => void {
      const key = `client:${clientId}`;
      local.on(key, listener);
      return () => local.off(key, listener);
    },
  };
}
