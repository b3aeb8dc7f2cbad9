import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** The event that awarded or reversed the points, e.g. participation:{id}. */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('points_ledger_source').on(t.clientId, t.source),
    index('points_ledger_user').on(t.userId),
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
