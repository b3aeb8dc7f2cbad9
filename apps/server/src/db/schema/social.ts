import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clientId, createdAt, id } from './columns.ts';
import { users } from './people.ts';

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
    link: text('link'),
    readAt: ts('read_at'),
    handledAt: ts('handled_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user').on(t.userId, t.id)],
);
