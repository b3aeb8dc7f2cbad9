import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clientId, createdAt, id } from './columns.ts';
import { users } from './people.ts';

/** Append-only points ledger; idempotent on (client, source). */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: id(),
    clientId: clientId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    /** The project the points were earned in, for per-project leaderboards; null for other awards. */
    projectId: uuid('project_id'),
    /** The event that awarded or reversed the points, e.g. participation:{id}. */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('points_ledger_source').on(t.clientId, t.source),
    index('points_ledger_user').on(t.userId),
  ],
);

/** All projects, in leaderboard_points.project_id (a key column cannot be null). */
export const ALL_PROJECTS = '00000000-0000-0000-0000-000000000000';

/**
 * Leaderboard rollups derived from the ledger by a trigger (migration 0003): a member's points per period
 * ('week' from ISO Monday, 'month', 'all' from 1970-01-01, in UTC), for all projects and per project.
 * Never written by the app; rebuildable from points_ledger at any time.
 */
export const leaderboardPoints = pgTable(
  'leaderboard_points',
  {
    clientId: clientId(),
    period: text('period').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    projectId: uuid('project_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.period, t.periodStart, t.projectId, t.userId] }),
    index('leaderboard_points_rank').on(
      t.clientId,
      t.period,
      t.periodStart,
      t.projectId,
      t.points.desc(),
      t.userId,
    ),
  ],
);

/**
 * A client's badges (issue 13). The criterion says what is counted ('manual': awarded by an admin); `thresholds`
 * holds one target, or the bronze, silver and gold targets of a tiered badge, ascending.
 */
export const badges = pgTable(
  'badges',
  {
    id: id(),
    clientId: clientId(),
    name: text('name').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    /** points | activities | shares | clicks | streak | trainings | projects | first_share | first_brand_content | manual */
    criterion: text('criterion').notNull().default('manual'),
    /** For 'points': week | month | all. */
    period: text('period'),
    /** For 'activities': one activity type, or null for any. */
    activityType: text('activity_type'),
    thresholds: integer('thresholds').array().notNull().default([1]),
    /** Left out of members' unearned badges until earned. */
    hidden: boolean('hidden').notNull().default(false),
    position: integer('position').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    /** A recomputation after a criterion change: members to go through and done so far (null total: none running). */
    recomputeTotal: integer('recompute_total'),
    recomputeDone: integer('recompute_done').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('badges_client').on(t.clientId, t.position)],
);

/**
 * Badges members hold now: one row per member, badge and tier (0 for an untiered badge, 1 bronze, 2 silver,
 * 3 gold). The unique key makes awarding idempotent under parallel events (INSERT … ON CONFLICT DO NOTHING).
 */
export const userBadges = pgTable(
  'user_badges',
  {
    clientId: clientId(),
    badgeId: uuid('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: smallint('tier').notNull().default(0),
    reason: text('reason'),
    /** The admin who awarded it by hand; null when the criterion awarded it. */
    awardedBy: uuid('awarded_by'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.badgeId, t.userId, t.tier] }), index('user_badges_user').on(t.userId)],
);

/** Append-only record of every award and revocation (the ledger of user_badges). */
export const badgeEvents = pgTable(
  'badge_events',
  {
    id: id(),
    clientId: clientId(),
    badgeId: uuid('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: smallint('tier').notNull().default(0),
    /** award | revoke */
    action: text('action').notNull(),
    reason: text('reason'),
    actorId: uuid('actor_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('badge_events_user').on(t.userId, t.id),
    index('badge_events_badge').on(t.badgeId, t.id),
    // The badges report's range read (one row per award or revocation already: a per-day rollup would hold as many).
    index('badge_events_client_created').on(t.clientId, t.createdAt),
  ],
);

/**
 * A member's counters for badges, kept by triggers (migration 0006) on participations and shares: 'activities',
 * 'activities:{type}' (completed), 'shares' (posted), 'clicks' (unique clicks on their links). Never written by the
 * app; points and streaks come from leaderboard_points, projects from project_progress.
 */
export const badgeProgress = pgTable(
  'badge_progress',
  {
    clientId: clientId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    metric: text('metric').notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.metric] })],
);
