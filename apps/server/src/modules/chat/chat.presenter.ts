import {
  CHAT_REACTIONS,
  type ChatBroadcast,
  type ChatCannedReply,
  type ChatConversation,
  type ChatInboxConversation,
  type ChatMessage,
  type ChatNote,
  type ChatReactionEmoji,
  getDisplayName,
  type LinkPreview,
  type Role,
} from '@rally/shared';
import { presentPerson } from '../posts/posts.presenter.ts';
import { type ConversationFacts, getConversationAbilities, getMessageAbilities } from './chat.policy.ts';
import type { MemberConversationRow } from './chat.repository.ts';
import type { BroadcastRow } from './chat-broadcasts.repository.ts';
import type { CannedReplyRow, InboxRow, NoteRow } from './chat-inbox.repository.ts';
import type { MessageRow } from './chat-messages.repository.ts';

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

const isReaction = (e: string): e is ChatReactionEmoji => (CHAT_REACTIONS as readonly string[]).includes(e);

function presentLink(link: MessageRow['link']): LinkPreview | null {
  if (!link || typeof link.url !== 'string') return null;
  return {
    url: link.url,
    title: link.title ?? null,
    description: link.description ?? null,
    image_url: link.image_url ?? null,
    site_name: link.site_name ?? null,
  };
}

/**
 * A message as the viewer sees it, with their abilities. `asBrandTeam`: a colleague reading a member's brand-team
 * conversation from /admin/chat.
 */
export function presentMessage(
  row: MessageRow,
  viewer: { id: string; role: Role },
  conversation: ConversationFacts,
  asBrandTeam = false,
): ChatMessage {
  const isDeleted = row.deleted_at !== null;
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    parent_id: row.parent_id,
    client_message_id: row.client_message_id,
    author: row.author ? presentPerson(row.author) : null,
    body: isDeleted ? '' : row.body,
    mentions: isDeleted
      ? []
      : (row.mention_people ?? []).map((p) => ({ id: p.id, display_name: getDisplayName(p) })),
    attachments: isDeleted ? [] : row.attachments,
    link: isDeleted ? null : presentLink(row.link),
    quote: row.quote
      ? {
          id: row.quote.id,
          author: row.quote.author ? presentPerson(row.quote.author) : null,
          body: row.quote.body,
          deleted: row.quote.deleted,
        }
      : null,
    reactions: (row.reactions ?? [])
      .filter((r) => isReaction(r.emoji))
      .map((r) => ({ emoji: r.emoji as ChatReactionEmoji, count: Number(r.count), mine: r.mine === true })),
    reply_count: Number(row.reply_count),
    last_reply_at: iso(row.last_reply_at),
    status: row.status,
    edited_at: iso(row.edited_at),
    deleted: isDeleted,
    created_at: iso(row.created_at)!,
    abilities: getMessageAbilities(viewer, row, conversation, asBrandTeam),
  };
}

/** A conversation as one of its members sees it; `lastMessage` is already presented (null when none). */
export function presentConversation(
  row: MemberConversationRow,
  lastMessage: ChatMessage | null,
): ChatConversation {
  return {
    id: row.id,
    kind: row.kind,
    title: row.kind === 'direct' || row.kind === 'brand' ? null : row.title,
    team_id: row.team_id,
    project_id: row.project_id,
    members: (row.people ?? []).map(presentPerson),
    member_count: Number(row.member_count),
    last_message: lastMessage,
    unread: row.muted_at ? 0 : Number(row.unread),
    muted: row.muted_at !== null,
    last_read_message_id: row.my_read,
    archived_at: iso(row.archived_at),
    created_at: iso(row.created_at)!,
    abilities: getConversationAbilities(row),
  };
}

/** A member's brand-team conversation as the brand team sees it. */
export function presentInboxConversation(
  row: InboxRow,
  lastMessage: ChatMessage | null,
): ChatInboxConversation {
  return {
    id: row.id,
    member: row.member ? presentPerson(row.member) : null,
    assignee: row.assignee ? presentPerson(row.assignee) : null,
    status: row.status,
    resolved_at: iso(row.resolved_at),
    last_message: lastMessage,
    unread: Number(row.unread),
    last_read_message_id: row.staff_read_message_id,
    created_at: iso(row.created_at)!,
  };
}

/** A broadcast with its counts, as admins see it. */
export function presentBroadcast(row: BroadcastRow): ChatBroadcast {
  return {
    id: row.id,
    author: row.author ? presentPerson(row.author) : null,
    audience: row.audience,
    target: row.target_id && row.target_name ? { id: row.target_id, name: row.target_name } : null,
    body: row.body,
    recipients: Number(row.recipient_count),
    delivered: Number(row.delivered),
    read: Number(row.read),
    listing: row.fanned_out_at === null,
    created_at: iso(row.created_at)!,
  };
}

export function presentNote(row: NoteRow): ChatNote {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    author: row.author ? presentPerson(row.author) : null,
    body: row.body,
    created_at: iso(row.created_at)!,
  };
}

export function presentCannedReply(row: CannedReplyRow): ChatCannedReply {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    created_at: iso(row.createdAt)!,
    updated_at: iso(row.updatedAt)!,
  };
}

/**
 * The unread summary of GET /api/chat/seen (SPEC 3) from the unread messages, oldest first: how many, the first one,
 * and the threads with unread replies, the one with the oldest unread reply first.
 */
export function presentSeen(rows: readonly { id: string; parent_id: string | null }[]) {
  const first = rows[0];
  const threads = [...new Set(rows.flatMap((r) => (r.parent_id ? [r.parent_id] : [])))];
  return {
    unread: rows.length,
    first: first ? { id: first.id, parent_id: first.parent_id } : null,
    threads,
  };
}

/**
 * A SPEC 7 page from rows fetched in the page's direction with one extra: newest first, and the cursor of the next
 * page in the same direction (older: the oldest id; newer: the newest id), null when there is none.
 */
export function finishPage<T extends { id: string }>(
  rows: T[],
  query: { limit: number; cursor?: string },
): { items: T[]; nextCursor: string | null } {
  const isNewer = query.limit < 0 && query.cursor !== undefined;
  const size = Math.abs(query.limit);
  const items = rows.slice(0, size);
  if (isNewer) items.reverse();
  const hasMore = rows.length > size;
  return { items, nextCursor: hasMore ? (isNewer ? items[0]!.id : items.at(-1)!.id) : null };
}
