import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clientId, createdAt } from './columns.ts';
import { users } from './people.ts';
import { clients } from './tenants.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A sign-in handed from one browser window to another (issue 24: the Microsoft Teams tab signs in through a
 * pop-up whose session it cannot read). The code is shown once and stored as a hash; it is used once, within
 * HANDOFF_TTL_MS, on the same client, and then deleted.
 */
export const authHandoffs = pgTable(
  'auth_handoffs',
  {
    clientId: clientId().references(() => clients.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.codeHash] }), index('auth_handoffs_expires').on(t.expiresAt)],
);
