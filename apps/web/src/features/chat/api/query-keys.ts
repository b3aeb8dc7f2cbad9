import type { ChatInboxStatus } from '@rally/shared';

/**
 * Where a conversation is read from: a member's own conversations (/api/chat/…) or, for the brand team, a member's
 * brand-team line in the inbox (/api/admin/chat/…). Messages, reads and deletes go to the matching paths.
 */
export type ChatScope = 'member' | 'brand';

/** The boxes of the brand-team inbox. */
export type InboxBox = 'unassigned' | 'mine' | 'all';

/**
 * Cache keys of chat. Every key starts with the user id (data never leaks between sessions) and the API area, so one
 * prefix refreshes all of it. The unread summary keeps the shell's key (features/shell/api/get-chat-seen.ts), so
 * that what chat learns updates the header badge at once.
 */
export const chatKeys = {
  all: (userId: string) => [userId, 'api/chat'] as const,
  seen: (userId: string) => [userId, 'api/chat/seen'] as const,
  conversations: (userId: string) => [userId, 'api/chat', 'conversations'] as const,
  conversation: (userId: string, id: string) => [userId, 'api/chat', 'conversation', id] as const,
  /** Messages of a conversation (`parentId` null) or of one thread, in the scope they are read in. */
  messages: (userId: string, scope: ChatScope, conversationId: string, parentId: string | null) =>
    [userId, 'api/chat', 'messages', scope, conversationId, parentId ?? 'root'] as const,
  messagesPrefix: (userId: string) => [userId, 'api/chat', 'messages'] as const,
  message: (userId: string, scope: ChatScope, id: string) =>
    [userId, 'api/chat', 'message', scope, id] as const,
  contacts: (userId: string, q: string) => [userId, 'api/chat', 'contacts', q] as const,
  search: (userId: string, q: string) => [userId, 'api/chat', 'search', q] as const,
  inboxAll: (userId: string) => [userId, 'api/admin/chat'] as const,
  inbox: (userId: string, box: InboxBox, status: ChatInboxStatus) =>
    [userId, 'api/admin/chat', 'inbox', box, status] as const,
  inboxConversation: (userId: string, id: string) => [userId, 'api/admin/chat', 'conversation', id] as const,
  notes: (userId: string, conversationId: string) =>
    [userId, 'api/admin/chat', 'notes', conversationId] as const,
  canned: (userId: string) => [userId, 'api/admin/chat', 'canned'] as const,
  settings: (userId: string) => [userId, 'api/admin/chat', 'settings'] as const,
  colleagues: (userId: string) => [userId, 'api/admin/chat', 'colleagues'] as const,
  broadcasts: (userId: string) => [userId, 'api/admin/chat', 'broadcasts'] as const,
  broadcastTargets: (userId: string) => [userId, 'api/admin/chat', 'broadcast-targets'] as const,
};

const enc = encodeURIComponent;

/** API paths that differ by scope. */
export const chatPaths = {
  messages: (scope: ChatScope, conversationId: string) =>
    scope === 'brand'
      ? `/api/admin/chat/conversations/${enc(conversationId)}/messages`
      : `/api/chat/conversations/${enc(conversationId)}/messages`,
  read: (scope: ChatScope, conversationId: string) =>
    scope === 'brand'
      ? `/api/admin/chat/conversations/${enc(conversationId)}/read`
      : `/api/chat/conversations/${enc(conversationId)}/read`,
  /** GET of one message (deleting and removing have their own paths: api/message-actions.ts). */
  message: (scope: ChatScope, messageId: string) =>
    scope === 'brand' ? `/api/admin/chat/messages/${enc(messageId)}` : `/api/chat/messages/${enc(messageId)}`,
};
