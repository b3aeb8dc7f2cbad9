import type { ChatMessage, Mention } from '@rally/shared';
import { useSyncExternalStore } from 'react';

/** A file attached to a message being sent: its uploaded URL, kind and a local preview. */
export interface DraftAttachment {
  url: string;
  content_type: string;
  previewUrl: string | null;
  /** Bytes of the file as picked on the device. */
  size?: number;
}

/**
 * A message the member sent that the conversation's pages do not hold yet: on its way ('sending'), refused or lost
 * ('failed', with the server's message; `canRetry` when trying again may help), or stored ('sent', the server's
 * message) until the next catch-up brings it into the pages. The same `client_message_id` goes with every try, so a
 * retry is stored once.
 */
export interface OutboxItem {
  client_message_id: string;
  body: string;
  mentions: Mention[];
  attachments: DraftAttachment[];
  parent_id: string | null;
  quote: ChatMessage | null;
  status: 'sending' | 'failed' | 'sent';
  error: string | null;
  canRetry: boolean;
  message: ChatMessage | null;
  created_at: string;
}

/** Messages kept per list, and lists kept: the outbox is an in-memory cache and stays bounded. */
const MAX_ITEMS = 50;
const MAX_LISTS = 50;

let lists = new Map<string, readonly OutboxItem[]>();
const listeners = new Set<() => void>();
const EMPTY: readonly OutboxItem[] = [];

function publish(key: string, items: readonly OutboxItem[]) {
  const next = new Map(lists);
  if (items.length === 0) next.delete(key);
  else next.set(key, items.slice(-MAX_ITEMS));
  while (next.size > MAX_LISTS) next.delete(next.keys().next().value as string);
  lists = next;
  for (const listener of listeners) listener();
}

/** The in-memory outbox of each conversation and thread, shared by every view of it. */
export const outbox = {
  get: (key: string): readonly OutboxItem[] => lists.get(key) ?? EMPTY,
  add(key: string, item: OutboxItem) {
    publish(key, [...outbox.get(key), item]);
  },
  update(key: string, clientMessageId: string, change: Partial<OutboxItem>) {
    publish(
      key,
      outbox
        .get(key)
        .map((item) => (item.client_message_id === clientMessageId ? { ...item, ...change } : item)),
    );
  },
  remove(key: string, clientMessageIds: readonly string[]) {
    const gone = new Set(clientMessageIds);
    const items = outbox.get(key);
    if (items.some((item) => gone.has(item.client_message_id)))
      publish(
        key,
        items.filter((item) => !gone.has(item.client_message_id)),
      );
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** Forgets everything (sign-out, tests). */
  clear() {
    lists = new Map();
    for (const listener of listeners) listener();
  },
};

/** The outbox of one conversation or thread (`key` from outboxKey). */
export function useOutbox(key: string): readonly OutboxItem[] {
  return useSyncExternalStore(
    outbox.subscribe,
    () => outbox.get(key),
    () => outbox.get(key),
  );
}

/** The outbox key of a conversation's messages or a thread's replies. */
export const outboxKey = (scope: string, conversationId: string, parentId: string | null) =>
  `${scope}:${conversationId}:${parentId ?? 'root'}`;
