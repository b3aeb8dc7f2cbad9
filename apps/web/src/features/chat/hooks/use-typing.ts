import { CHAT_TYPING_INTERVAL_MS } from '@rally/shared';
import { useSyncExternalStore } from 'react';

/** How long a typing indicator stays after its last event: the sender repeats it every CHAT_TYPING_INTERVAL_MS. */
export const TYPING_SHOWN_MS = CHAT_TYPING_INTERVAL_MS + 1_500;
const MAX_ENTRIES = 200;

// Who types where (`conversation:thread` → user id → until when), for the conversations open in this tab.
let typing = new Map<string, ReadonlyMap<string, number>>();
const listeners = new Set<() => void>();
const EMPTY: readonly string[] = [];
let snapshot = new Map<string, readonly string[]>();
let timer: ReturnType<typeof setTimeout> | undefined;

const keyOf = (conversationId: string, parentId: string | null) => `${conversationId}:${parentId ?? ''}`;

function publish() {
  const now = Date.now();
  const next = new Map<string, ReadonlyMap<string, number>>();
  const views = new Map<string, readonly string[]>();
  let soonest = Number.POSITIVE_INFINITY;
  for (const [key, people] of typing) {
    const live = new Map([...people].filter(([, until]) => until > now));
    if (live.size === 0) continue;
    next.set(key, live);
    views.set(key, [...live.keys()]);
    for (const until of live.values()) soonest = Math.min(soonest, until);
  }
  typing = next;
  snapshot = views;
  clearTimeout(timer);
  if (Number.isFinite(soonest)) timer = setTimeout(publish, Math.max(soonest - now, 50));
  for (const listener of listeners) listener();
}

/** The typing indicators of the open conversations (chat.typing events), each shown for TYPING_SHOWN_MS. */
export const typingStore = {
  add(conversationId: string, parentId: string | null, userId: string) {
    const key = keyOf(conversationId, parentId);
    if (!typing.has(key) && typing.size >= MAX_ENTRIES) typing.delete(typing.keys().next().value as string);
    typing.set(key, new Map(typing.get(key)).set(userId, Date.now() + TYPING_SHOWN_MS));
    publish();
  },
  /** Someone's message arrived: they are no longer typing there. */
  remove(conversationId: string, parentId: string | null, userId: string) {
    const key = keyOf(conversationId, parentId);
    const people = typing.get(key);
    if (!people?.has(userId)) return;
    const next = new Map(people);
    next.delete(userId);
    typing.set(key, next);
    publish();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: (conversationId: string, parentId: string | null): readonly string[] =>
    snapshot.get(keyOf(conversationId, parentId)) ?? EMPTY,
};

/** The ids of the people typing in this conversation (or thread) now. */
export function useTypingUsers(conversationId: string, parentId: string | null): readonly string[] {
  const get = () => typingStore.get(conversationId, parentId);
  return useSyncExternalStore(typingStore.subscribe, get, get);
}
