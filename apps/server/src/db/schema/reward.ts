import { date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

export const badges = pgTable('badges', {
  id: id(),
  clientId: clientId(),
  name: text('name').notNull(),
  description: text('description'),
  imageUrl: text('image_url'),
  createdAt: createdAt(),
});

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
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.badgeId, t.userId] }), index('user_badges_user').on(t.userId)],
);
