import { type ChatMessage, ChatMessageSchema } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import {
  flattenPages,
  isAfter,
  isContinuation,
  type MessagePages,
  mergeNewer,
  newestId,
  replaceMessage,
} from './messages';

const id = (n: number) => `01900000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
const message = (n: number, overrides: Partial<ChatMessage> = {}): ChatMessage =>
  ChatMessageSchema.parse({
    id: id(n),
    conversation_id: 'c',
    parent_id: null,
    client_message_id: null,
    author: {
      id: 'a',
      display_name: 'A',
      username: null,
      display_username: false,
      first_name: null,
      last_name: null,
      image_url: null,
    },
    body: `m${n}`,
    mentions: [],
    attachments: [],
    link: null,
    quote: null,
    reactions: [],
    reply_count: 0,
    last_reply_at: null,
    status: 'published',
    edited_at: null,
    deleted: false,
    created_at: new Date(Date.UTC(2026, 0, 1, 9, n)).toISOString(),
    abilities: {
      can_edit: false,
      can_delete: false,
      can_remove: false,
      can_reply: true,
      can_react: true,
      can_report: true,
    },
    ...overrides,
  });
/** Pages as the server answers them: newest first, each page newest first. */
const pages = (...lists: number[][]): MessagePages => ({
  pages: lists.map((list) => ({ messages: list.map((n) => message(n)), next_cursor: null })),
  pageParams: lists.map(() => null),
});
const bodies = (data: MessagePages | undefined) => flattenPages(data).map((m) => m.body);

describe('chat message pages', () => {
  it('flattens pages oldest first, each message once', () => {
    expect(bodies(pages([5, 4, 3], [3, 2, 1]))).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(flattenPages(undefined)).toEqual([]);
  });

  it('merges newer messages on top without duplicates, replacing ones already there', () => {
    const merged = mergeNewer(pages([3, 2], [1]), [message(5), message(4), message(3, { body: 'edited' })]);
    expect(bodies(merged)).toEqual(['m1', 'm2', 'edited', 'm4', 'm5']);
    expect(merged?.pages[0]?.messages.map((m) => m.body)).toEqual(['m5', 'm4', 'edited', 'm2']);
    expect(newestId(merged)).toBe(id(5));
    expect(mergeNewer(undefined, [message(1)])).toBeUndefined();
  });

  it('replaces a message where it is and leaves the pages alone when it is not there', () => {
    const data = pages([3, 2], [1]);
    expect(bodies(replaceMessage(data, message(1, { body: 'changed' })))).toEqual(['changed', 'm2', 'm3']);
    expect(replaceMessage(data, message(9))).toBe(data);
  });

  it('orders ids as UUIDv7 creation order', () => {
    expect(isAfter(id(2), id(1))).toBe(true);
    expect(isAfter(id(1), id(2))).toBe(false);
    expect(isAfter(id(1), null)).toBe(true);
  });

  it('groups a message under the previous one of the same author within five minutes', () => {
    expect(isContinuation(message(2), message(1))).toBe(true);
    expect(isContinuation(message(9), message(1))).toBe(false);
    expect(isContinuation(message(2), message(1, { reply_count: 1 }))).toBe(false);
    expect(isContinuation(message(1), undefined)).toBe(false);
  });
});
