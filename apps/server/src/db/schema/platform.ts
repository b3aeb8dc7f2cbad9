import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clientId, createdAt, id } from './columns.ts';
import { users } from './people.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Emails not sent through SMTP land here; the demo shows them at /dev/mailbox. */
export const mailOutbox = pgTable('mail_outbox', {
  id: id(),
  clientId: clientId(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
});

/** Files stored through POST /api/upload. */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    clientId: clientId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    objectId: text('object_id'),
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_client').on(t.clientId, t.id)],
);

/** Active time per member and day, from POST /api/time pings. */
export const activeTime = pgTable(
  'active_time',
  {
    clientId: clientId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    seconds: integer('seconds').notNull().default(0),
    lastPingAt: ts('last_ping_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Durable jobs, drained with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: ts('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedAt: ts('locked_at'),
    doneAt: ts('done_at'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('jobs_pending').on(t.runAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    clientId: clientId(),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    target: text('target'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_client').on(t.clientId, t.id)],
);
