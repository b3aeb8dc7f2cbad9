import type { ChatMessage, ChatMessagesResponse } from '@rally/shared';
import type { InfiniteData } from '@tanstack/react-query';

/** A conversation's or thread's cached pages: newest first, each page newest first (SPEC 7). */
export type MessagePages = InfiniteData<ChatMessagesResponse>;

/** Whether id `a` was made after id `b` (ids are UUIDv7: their text order is their creation order). */
export const isAfter = (a: string, b: string | null | undefined): boolean => !b || a > b;

/** The messages of the cached pages, oldest first and each once (a page boundary may repeat one). */
export function flattenPages(data: MessagePages | undefined): ChatMessage[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: ChatMessage[] = [];
  for (let p = data.pages.length - 1; p >= 0; p -= 1) {
    const messages = data.pages[p]?.messages ?? [];
    for (let m = messages.length - 1; m >= 0; m -= 1) {
      const message = messages[m]!;
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out;
}

/** The newest message id of the cached pages: where catching up by cursor starts. */
export function newestId(data: MessagePages | undefined): string | null {
  let newest: string | null = null;
  for (const page of data?.pages ?? [])
    for (const message of page.messages) if (isAfter(message.id, newest)) newest = message.id;
  return newest;
}

/**
 * The pages with newer messages (fetched by cursor after the newest one) added on top of the first page: a message
 * already there is replaced (never shown twice), the rest stay newest first.
 */
export function mergeNewer(
  data: MessagePages | undefined,
  newer: readonly ChatMessage[],
): MessagePages | undefined {
  if (!data || newer.length === 0) return data;
  const byId = new Map(newer.map((m) => [m.id, m]));
  const pages = data.pages.map((page) => ({
    ...page,
    messages: page.messages.map((m) => {
      const fresh = byId.get(m.id);
      if (fresh) byId.delete(m.id);
      return fresh ?? m;
    }),
  }));
  const added = [...byId.values()].sort((a, b) => (a.id < b.id ? 1 : -1));
  const [first, ...rest] = pages;
  if (!first) return data;
  const top = [...added, ...first.messages].sort((a, b) => (a.id < b.id ? 1 : -1));
  return { ...data, pages: [{ ...first, messages: top }, ...rest] };
}

/** The pages with this message replaced where it is (an edit, a deletion, reactions, a reply count). */
export function replaceMessage(
  data: MessagePages | undefined,
  message: ChatMessage,
): MessagePages | undefined {
  if (!data) return data;
  let isFound = false;
  const pages = data.pages.map((page) => {
    if (!page.messages.some((m) => m.id === message.id)) return page;
    isFound = true;
    return { ...page, messages: page.messages.map((m) => (m.id === message.id ? message : m)) };
  });
  return isFound ? { ...data, pages } : data;
}

/** Whether the cached pages hold this message. */
export const hasMessage = (data: MessagePages | undefined, id: string): boolean =>
  data?.pages.some((page) => page.messages.some((m) => m.id === id)) ?? false;

/** The local calendar day of a moment, e.g. "2026-3-14": messages of one day share it. */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

/** Whether `message` continues the previous one: same author, same day, within five minutes, no thread. */
export function isContinuation(message: ChatMessage, previous: ChatMessage | undefined): boolean {
  if (!previous || !message.author || previous.author?.id !== message.author.id) return false;
  if (previous.reply_count > 0 || dayKey(previous.created_at) !== dayKey(message.created_at)) return false;
  return new Date(message.created_at).getTime() - new Date(previous.created_at).getTime() < 5 * 60_000;
}
