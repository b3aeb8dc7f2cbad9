import { EventEmitter } from 'node:events';
import { CHAT_EVENTS, CHAT_TYPING_INTERVAL_MS, type ChatEvent } from '@rally/shared';
import { LRUCache } from 'lru-cache';
import type { Bus } from '../../lib/bus.ts';
import { registerStreamSource } from '../notifications/stream.hooks.ts';

/**
 * Chat's live events: published on the bus (in-process, or Redis pub/sub with REDIS_URL) for the given people of one
 * client, and written by every instance to those people's open streams (GET /api/notifications/stream). At-most-once:
 * the app catches up by cursor after a reconnect, so an event carries ids only.
 */

/** Bus channel of chat events. */
export const CHAT_CHANNEL = 'chat-events';

interface ChatBusMessage {
  client_id: string;
  user_ids: string[];
  event: ChatEvent;
  data: Record<string, string | null>;
}

/** Tells every instance to pass `event` to the open streams of these people of the client (and nobody else). */
export async function publishChatEvent(
  bus: Bus,
  input: {
    clientId: string;
    userIds: readonly string[];
    event: ChatEvent;
    data: Record<string, string | null>;
  },
): Promise<void> {
  if (input.userIds.length === 0) return;
  const message: ChatBusMessage = {
    client_id: input.clientId,
    user_ids: [...new Set(input.userIds)],
    event: input.event,
    data: input.data,
  };
  await bus.publish(CHAT_CHANNEL, JSON.stringify(message));
}

function parse(raw: string): ChatBusMessage | null {
  try {
    const message = JSON.parse(raw) as ChatBusMessage;
    const isValid =
      typeof message.client_id === 'string' &&
      Array.isArray(message.user_ids) &&
      CHAT_EVENTS.includes(message.event) &&
      typeof message.data === 'object';
    return isValid ? message : null;
  } catch {
    return null;
  }
}

type Listener = (event: ChatEvent, data: Record<string, string | null>) => void;

// One subscription and one fan-out per bus (per app), however many streams are open.
const hubs = new WeakMap<Bus, EventEmitter>();

function hubOf(bus: Bus): EventEmitter {
  const existing = hubs.get(bus);
  if (existing) return existing;
  const hub = new EventEmitter();
  hub.setMaxListeners(0);
  bus.subscribe(CHAT_CHANNEL, (raw) => {
    const message = parse(raw);
    if (!message) return;
    for (const userId of message.user_ids)
      hub.emit(`${message.client_id}:${userId}`, message.event, message.data);
  });
  hubs.set(bus, hub);
  return hub;
}

/** Adds chat's events to the live streams of the app on this bus (once per app). */
export function registerChatStream(bus: Bus): void {
  const hub = hubOf(bus);
  registerStreamSource(bus, 'chat', (viewer, send) => {
    const key = `${viewer.clientId}:${viewer.userId}`;
    const listener: Listener = (event, data) => send(event, data);
    hub.on(key, listener);
    return () => hub.off(key, listener);
  });
}

// Typing indicators passed on recently, per conversation, thread and member: bounded like every in-process cache.
const typingSent = new LRUCache<string, true>({ max: 10_000, ttl: CHAT_TYPING_INTERVAL_MS });

/**
 * Whether a typing indicator should be passed on now: at most once per CHAT_TYPING_INTERVAL_MS per member,
 * conversation and thread on this instance (the app sends one every few seconds while the member types).
 */
export function shouldPassTyping(key: string): boolean {
  if (typingSent.has(key)) return false;
  typingSent.set(key, true);
  return true;
}
