import { date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { clientId } from './columns.ts';
import { users } from './people.ts';

/**
 * A member's figures per UTC day (issue 13, My Metrics), kept by triggers of migration 0009 on the points ledger,
 * shares, share clicks, participations and active time, so a metrics page sums a few hundred rows along an index
 * and never scans raw events. Metrics: 'points', 'shares:{channel}' (posted that day), 'clicks' (unique visitors
 * of the member's links), 'activities:{type}' (participations completed that day), 'active_seconds'. Never
 * written by the app; rebuildable from the source tables at any time.
 */
export const memberDailyMetrics = pgTable(
  'member_daily_metrics',
  {
    clientId: clientId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.metric] }),
    index('member_daily_metrics_client_day').on(t.clientId, t.day),
  ],
);
