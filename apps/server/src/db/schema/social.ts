import type { NotificationMessage } from '@rally/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { devices, teams, users } from './people.ts';
import { clients } from './tenants.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** In-app notifications; each carries a link into the app. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    clientId: clientId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    /**
     * The text as catalog keys and values, for the reader's language (issue 14); title and body stay the English
     * text. Null for older rows and notices without one.
     */
    message: jsonb('message').$type<NotificationMessage>(),
    link: text('link'),
    /** Who caused it (the commenter, the follower…), for the avatar; null for system notices. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    readAt: ts('read_at'),
    handledAt: ts('handled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user').on(t.userId, t.id),
    index('notifications_unread').on(t.userId).where(sql`read_at is null`),
  ],
);

/** Which notification kinds a member does not want pushed to their devices (in-app ones always stay). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  clientId: clientId(),
  pushOff: jsonb('push_off').$type<string[]>().notNull().default([]),
  updatedAt: ts('updated_at').notNull().default(sql`now()`),
});

/** One row per notification and device: sent through a configured sender, or only recorded without one. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: id(),
    clientId: clientId(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    /** 'fcm', 'webpush' or 'none' when no sender is configured for the device's platform. */
    sender: text('sender').notNull(),
    /** 'sent', 'recorded' (no sender configured, nothing delivered) or 'failed'. */
    status: text('status').notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('push_deliveries_notification').on(t.notificationId)],
);

/**
 * Community feed items: members' and admins' posts, and items made from a member's share ('share') or
 * approved Brand Content ('content'), which point at their source row.
 */
export const posts = pgTable(
  'posts',
  {
    id: id(),
    clientId: clientId(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A team's own feed; null for the client-wide feed. */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    /** 'post', 'share' or 'content'. */
    kind: text('kind').notNull().default('post'),
    body: text('body').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** Preview of the first link in the body: url, title, description, image_url, site_name. */
    link: jsonb('link').$type<Record<string, string | null>>(),
    /** The share or participation a 'share'/'content' item was made from. */
    sourceId: uuid('source_id'),
    /** Ids of members mentioned in the body. */
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    /** Admin announcement pinned above the feed. */
    pinnedAt: ts('pinned_at'),
    /** 'published', 'held' (waiting for brand-safety review) or 'removed'. */
    status: text('status').notNull().default('published'),
    commentCount: integer('comment_count').notNull().default(0),
    reactionCount: integer('reaction_count').notNull().default(0),
    editedAt: ts('edited_at'),
    removedAt: ts('removed_at'),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('posts_feed').on(t.clientId, t.id).where(sql`status = 'published'`),
    index('posts_author').on(t.authorId, t.id),
    index('posts_team').on(t.teamId, t.id).where(sql`team_id is not null`),
    index('posts_pinned').on(t.clientId).where(sql`pinned_at is not null`),
    uniqueIndex('posts_source').on(t.clientId, t.kind, t.sourceId),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: id(),
    clientId: clientId(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    /** 'published', 'held' or 'removed'. */
    status: text('status').notNull().default('published'),
    editedAt: ts('edited_at'),
    createdAt: createdAt(),
  },
  (t) => [index('comments_post').on(t.postId, t.id)],
);

/** One reaction per member and post; `kind` is the reaction chosen (like, love, celebrate, insightful). */
export const reactions = pgTable(
  'reactions',
  {
    clientId: clientId(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('reactions_user').on(t.userId)],
);

/** The client's brand-safety word list: blocked, flagged and allowed words or phrases. */
export const safetyRules = pgTable(
  'safety_rules',
  {
    id: id(),
    clientId: clientId(),
    phrase: text('phrase').notNull(),
    /** Lower-cased, accent-free, single-spaced form the checks match on. */
    normalized: text('normalized').notNull(),
    /** 'block', 'flag' or 'allow'. */
    kind: text('kind').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('safety_rules_phrase').on(t.clientId, t.normalized)],
);

/** Per-client brand-safety settings. */
export const safetySettings = pgTable('safety_settings', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  /** What happens to flagged text: 'publish' (published, queued for review) or 'hold' (hidden until approved). */
  flagAction: text('flag_action').notNull().default('publish'),
  updatedAt: ts('updated_at').notNull().default(sql`now()`),
});

/** Flagged member texts waiting for a moderator, and the decision taken. */
export const moderationItems = pgTable(
  'moderation_items',
  {
    id: id(),
    clientId: clientId(),
    /** 'post', 'comment', 'caption', 'profile', 'chat'… and the id of that row. */
    targetKind: text('target_kind').notNull(),
    targetId: uuid('target_id').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** The rules (phrases) or checks that matched. */
    matches: jsonb('matches').$type<string[]>().notNull().default([]),
    /** Whether the text was held (hidden) until a decision. */
    isHeld: boolean('is_held').notNull().default(false),
    /** 'pending', 'approved' or 'removed'. */
    status: text('status').notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_items_queue').on(t.clientId, t.status, t.id),
    index('moderation_items_target').on(t.targetKind, t.targetId),
  ],
);
