import {
  type ChatConversation,
  ChatConversationSchema,
  type ChatInboxConversation,
  ChatInboxConversationSchema,
  type ChatMessage,
  ChatMessageResponseSchema,
  ChatMessageSchema,
  ChatMessagesResponseSchema,
  type ChatPerson,
  ChatSeenResponseSchema,
} from '@rally/shared';
import { HttpResponse, http } from 'msw';
import { testId } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { server } from '../../../testing/server';

/** Test data and API answers of chat, built through the shared schemas (a drifting fixture fails where it is made). */

export const ada: ChatPerson = {
  id: testId(1),
  display_name: 'Ada Lovelace',
  username: null,
  display_username: false,
  first_name: 'Ada',
  last_name: 'Lovelace',
  image_url: null,
};
export const sofia: ChatPerson = {
  id: testId(2),
  display_name: 'Sofia Martinez',
  username: null,
  display_username: false,
  first_name: 'Sofia',
  last_name: 'Martinez',
  image_url: null,
};
export const grace: ChatPerson = {
  ...sofia,
  id: testId(3),
  display_name: 'Grace Hopper',
  first_name: 'Grace',
};

/**
 * An id that sorts like a UUIDv7 of message number `n` (the order of ids is the order of messages, as the server's
 * UUIDv7 ids are): 0190…-7…
 */
export function messageId(n: number): string {
  return `01900000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
}

const at = (n: number) => new Date(Date.UTC(2026, 2, 10, 9, 0) + n * 60_000).toISOString();

export function buildMessage(n: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return ChatMessageSchema.parse({
    id: messageId(n),
    conversation_id: testId(500),
    parent_id: null,
    client_message_id: null,
    author: sofia,
    body: `Message number ${n}`,
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
    created_at: at(n),
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
}

export function buildConversation(overrides: Partial<ChatConversation> = {}): ChatConversation {
  return ChatConversationSchema.parse({
    id: testId(500),
    kind: 'direct',
    title: null,
    team_id: null,
    project_id: null,
    members: [ada, sofia],
    member_count: 2,
    last_message: null,
    unread: 0,
    muted: false,
    last_read_message_id: null,
    archived_at: null,
    created_at: at(0),
    abilities: {
      can_post: true,
      can_rename: false,
      can_add_members: false,
      can_remove_members: false,
      can_leave: false,
    },
    ...overrides,
  });
}

export function buildInboxConversation(
  overrides: Partial<ChatInboxConversation> = {},
): ChatInboxConversation {
  return ChatInboxConversationSchema.parse({
    id: testId(700),
    member: grace,
    assignee: null,
    status: 'open',
    resolved_at: null,
    last_message: null,
    unread: 1,
    last_read_message_id: null,
    created_at: at(0),
    ...overrides,
  });
}

/**
 * GET …/conversations/{id}/messages over `messages` (oldest first) as the server pages them (SPEC 7): newest first;
 * a positive limit with a cursor gives older ones, a negative one newer ones; next_cursor while more remain.
 */
export function pageOf(messages: readonly ChatMessage[], query: URLSearchParams) {
  const limit = Number(query.get('limit') ?? 10);
  const cursor = query.get('cursor');
  const parentId = query.get('parent_id');
  const list = messages.filter((m) => m.parent_id === (parentId ?? null));
  if (limit < 0 && cursor) {
    const newer = list.filter((m) => m.id > cursor);
    const page = newer.slice(0, -limit);
    return {
      messages: [...page].reverse(),
      next_cursor: newer.length > page.length ? (page.at(-1)?.id ?? null) : null,
    };
  }
  const older = cursor ? list.filter((m) => m.id < cursor) : list;
  const page = older.slice(Math.max(older.length - limit, 0)).reverse();
  return {
    messages: page,
    next_cursor: older.length > page.length ? (page.at(-1)?.id ?? null) : null,
  };
}

/** Serves a conversation's messages (a live array: push to it and the next fetch sees it) and each by id. */
export function serveMessages(
  conversationId: string,
  messages: ChatMessage[],
  base: '/api/chat' | '/api/admin/chat' = '/api/chat',
) {
  server.use(
    http.get(`${base}/conversations/${conversationId}/messages`, ({ request }) =>
      answer(ChatMessagesResponseSchema, pageOf(messages, new URL(request.url).searchParams)),
    ),
    http.get(`${base}/messages/:id`, ({ params }) => {
      const message = messages.find((m) => m.id === params.id);
      return message ? answer(ChatMessageResponseSchema, { message }) : failure(404, 'Message not found');
    }),
  );
}

/** GET /api/chat/seen answering this summary. */
export function serveSeen(seen: { unread: number; first?: ChatMessage | null; threads?: string[] }) {
  server.use(
    http.get('/api/chat/seen', () =>
      answer(ChatSeenResponseSchema, {
        unread: seen.unread,
        first: seen.first ? { id: seen.first.id, parent_id: seen.first.parent_id } : null,
        threads: seen.threads ?? [],
      }),
    ),
  );
}

/** An answer after `ms`, so a test can see what shows meanwhile. */
export const later = <T>(ms: number, make: () => T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(make()), ms));

export { HttpResponse };
