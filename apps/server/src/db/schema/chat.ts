import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clientId, createdAt, id } from './columns.ts';
import { teams, users } from './people.ts';
import { clients } from './tenants.ts';
import { projects } from './work.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A file a message carries: an upload of the client (its URL as POST /api/upload answered it). */
export interface StoredChatAttachment {
  url: string;
  content_type: string;
  size: number;
}

/**
 * Conversations (issue 12). `kind`: 'direct' (two members, `direct_key` = their ids in order, so there is one per
 * pair), 'group', 'team' (one per team, made by a trigger when the team is; its members follow team_members through
 * triggers, migration 0005), 'project' (one per project that has a channel; members follow project_members) and
 * 'brand' (each member's private line to the brand team: `member_id`; assignment and status are the inbox's).
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: id(),
    clientId: clientId(),
    kind: text('kind').$type<'direct' | 'group' | 'team' | 'project' | 'brand'>().notNull(),
    /** A group's title; null otherwise (channels show their team's or project's name). */
    title: text('title'),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    /** The member whose brand-team line this is. */
    memberId: uuid('member_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Both members' ids of a direct conversation, in order, joined by ':'. */
    directKey: text('direct_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A project channel an admin turned off: kept for reading, closed for writing. */
    archivedAt: ts('archived_at'),
    /** Sort key of the lists: the id of the last message (UUIDv7), or the conversation's own id before any. */
    activityId: uuid('activity_id').notNull(),
    lastMessageId: uuid('last_message_id'),
    /** Brand-team inbox: the colleague it is assigned to, open or resolved, and the team's shared read pointer. */
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<'open' | 'resolved'>().notNull().default('open'),
    resolvedAt: ts('resolved_at'),
    staffReadMessageId: uuid('staff_read_message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_conversations_team').on(t.teamId).where(sql`team_id is not null`),
    uniqueIndex('chat_conversations_project').on(t.projectId).where(sql`project_id is not null`),
    uniqueIndex('chat_conversations_brand').on(t.memberId).where(sql`kind = 'brand'`),
    uniqueIndex('chat_conversations_direct').on(t.clientId, t.directKey).where(sql`direct_key is not null`),
    index('chat_conversations_inbox').on(t.clientId, t.status, t.activityId).where(sql`kind = 'brand'`),
  ],
);

/** Who is in a conversation, with their read pointer and mute. Channels' rows are kept by triggers. */
export const chatMembers = pgTable(
  'chat_members',
  {
    clientId: clientId(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Id of the last top-level message the member has read (UUIDv7, so comparable by order). */
    lastReadMessageId: uuid('last_read_message_id'),
    /** Muted: no unread count, no push. */
    mutedAt: ts('muted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('chat_members_user').on(t.userId, t.conversationId),
  ],
);

/**
 * Messages. A reply in a thread has `parent_id` (the thread's first message, itself top-level). A deleted message
 * keeps its row with an empty body ("message deleted"); `client_message_id` makes a retried send land once.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    clientId: clientId(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => chatMessages.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    clientMessageId: uuid('client_message_id'),
    body: text('body').notNull().default(''),
    /** Ids of the mentioned members of the conversation. */
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    attachments: jsonb('attachments').$type<StoredChatAttachment[]>().notNull().default([]),
    link: jsonb('link').$type<Record<string, string | null>>(),
    quoteId: uuid('quote_id').references((): AnyPgColumn => chatMessages.id, { onDelete: 'set null' }),
    /** 'published', or 'held' until a moderator approves it (brand safety, the client's choice). */
    status: text('status').$type<'published' | 'held'>().notNull().default('published'),
    replyCount: integer('reply_count').notNull().default(0),
    lastReplyAt: ts('last_reply_at'),
    editedAt: ts('edited_at'),
    deletedAt: ts('deleted_at'),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Full-text search of the body ('simple': no language's stemming, as clients write in many). */
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('simple', body)`),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_conversation').on(t.conversationId, t.id).where(sql`parent_id is null`),
    index('chat_messages_thread').on(t.parentId, t.id).where(sql`parent_id is not null`),
    uniqueIndex('chat_messages_client_message')
      .on(t.authorId, t.clientMessageId)
      .where(sql`client_message_id is not null`),
    index('chat_messages_search').using('gin', t.search),
  ],
);

/** Threads a member follows (wrote in, started, was mentioned in or opened), with their read pointer. */
export const chatThreadReads = pgTable(
  'chat_thread_reads',
  {
    clientId: clientId(),
    rootId: uuid('root_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    /** Id of the last reply read; null: none yet. */
    lastReadMessageId: uuid('last_read_message_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.rootId, t.userId] }), index('chat_thread_reads_user').on(t.userId)],
);

/** Reactions to messages: each member gives each emoji of the fixed set at most once per message. */
export const chatReactions = pgTable(
  'chat_reactions',
  {
    clientId: clientId(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId, t.emoji] })],
);

/** Internal notes of the brand team on a brand-team conversation; never shown to the member. */
export const chatNotes = pgTable(
  'chat_notes',
  {
    id: id(),
    clientId: clientId(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_notes_conversation').on(t.conversationId, t.id)],
);

/** Saved answers of the brand team, per client. */
export const chatCannedReplies = pgTable(
  'chat_canned_replies',
  {
    id: id(),
    clientId: clientId().references(() => clients.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().default(sql`now()`),
  },
  (t) => [index('chat_canned_replies_client').on(t.clientId, t.id)],
);

/**
 * Broadcasts (issue 12): an admin's message to every member, a team's or a project's joined members. Delivery fans out
 * as durable jobs into each recipient's brand-team conversation; `recipient_count` grows as the fan-out lists them and
 * `fanned_out_at` marks the end of the listing.
 */
export const chatBroadcasts = pgTable(
  'chat_broadcasts',
  {
    id: id(),
    clientId: clientId().references(() => clients.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    audience: text('audience').$type<'all' | 'team' | 'project'>().notNull(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    recipientCount: integer('recipient_count').notNull().default(0),
    fannedOutAt: ts('fanned_out_at'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_broadcasts_client').on(t.clientId, t.id)],
);

/** One recipient of a broadcast: listed by the fan-out, delivered (once) by its own job. */
export const chatBroadcastDeliveries = pgTable(
  'chat_broadcast_deliveries',
  {
    clientId: clientId(),
    broadcastId: uuid('broadcast_id')
      .notNull()
      .references(() => chatBroadcasts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => chatConversations.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    deliveredAt: ts('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.broadcastId, t.userId] })],
);
