import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
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

/**
 * The rows of a CSV user import (its id is its job's id): what the check made of each row and how far the invite and
 * the email steps got with it. The job walks them in small committed batches; they go with their job (3 days after
 * it is done).
 */
export const userImportRows = pgTable(
  'user_import_rows',
  {
    clientId: clientId(),
    importId: uuid('import_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** Line number in the file (the header is line 1). */
    row: integer('row').notNull(),
    email: text('email').notNull(),
    /** pending (checked, not invited yet), invited, skipped (an account has the email), error. */
    outcome: text('outcome').$type<'pending' | 'invited' | 'skipped' | 'error'>().notNull(),
    role: text('role'),
    teamIds: uuid('team_ids').array().notNull().default([]),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** error: the column at fault. */
    column: text('column'),
    /** error: why; skipped: already_invited or already_member. */
    message: text('message'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    emailed: boolean('emailed').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.row] }),
    index('user_import_rows_outcome').on(t.importId, t.outcome, t.row),
    index('user_import_rows_user').on(t.userId),
  ],
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
