import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/** Messages between server instances: in-process by default, Redis pub/sub when REDIS_URL is set (at-most-once). */
export interface Bus {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): void;
  close(): Promise<void>;
}

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Redis-backed bus; one connection publishes, one subscribes. */
export function createRedisBus(url: string): Bus {
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { maxRetriesPerRequest: 2 });
  const handlers = new Map<string, ((message: string) => void)[]>();
  sub.on('message', (channel: string, message: string) => {
    for (const h of handlers.get(channel) ?? []) h(message);
  });
  return {
    async publish(channel, message) {
      await pub.publish(`rally:${channel}`, message);
    },
    subscribe(channel, handler) {
      const key = `rally:${channel}`;
      if (!handlers.has(key)) void sub.subscribe(key);
      handlers.set(key, [...(handlers.get(key) ?? []), handler]);
    },
    async close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
