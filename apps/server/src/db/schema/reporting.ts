import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clientId, createdAt, id } from './columns.ts';
import { users } from './people.ts';
import { activities } from './work.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Admin Reporting's rollup (issue 13): a member's figures per UTC day, project, activity and network, kept by
 * triggers of the reporting migration on the points ledger, shares, share clicks and participations, so every
 * report filters by project, team, activity type and network along (client_id, day) without scanning raw events.
 * Metrics: 'points', 'shares' (posted that day), 'clicks' (unique visitors of the member's links that day),
 * 'completions' (participations completed that day), 'quiz_correct' / 'quiz_total' (answers of completed quizzes).
 * The zero uuid stands for "no project / no activity" and '' for "no network" (key columns cannot be null).
 * Never written by the app; rebuildable from the source tables at any time.
 */
export const reportFacts = pgTable(
  'report_facts',
  {
    clientId: clientId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    projectId: uuid('project_id').notNull(),
    activityId: uuid('activity_id').notNull(),
    /** The activity's type ('' for ledger points not tied to an activity). */
    activityType: text('activity_type').notNull(),
    network: text('network').notNull(),
    metric: text('metric').notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.projectId, t.activityId, t.network, t.metric] }),
    index('report_facts_client_day').on(t.clientId, t.day),
  ],
);

/**
 * A report export (CSV or XLSX) run by a durable job: its ordered steps and percent for the progress banner, then
 * the file in storage until `expires_at`, when the cleanup job removes both.
 */
export const reportExports = pgTable(
  'report_exports',
  {
    id: id(),
    clientId: clientId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    report: text('report').notNull(),
    /** csv | xlsx */
    format: text('format').notNull(),
    /** The report's filters as validated by ReportFiltersSchema. */
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    /** running | done | failed */
    status: text('status').notNull().default('running'),
    /** read | write | store | done */
    step: text('step').notNull().default('read'),
    percent: integer('percent').notNull().default(0),
    rows: integer('rows').notNull().default(0),
    storageKey: text('storage_key'),
    error: text('error'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at'),
  },
  (t) => [
    index('report_exports_client').on(t.clientId, t.id),
    index('report_exports_expiry').on(t.expiresAt),
  ],
);

/** An admin's subscription to a report by email, weekly or monthly, with the report's filters. */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    id: id(),
    clientId: clientId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    report: text('report').notNull(),
    /** weekly | monthly */
    frequency: text('frequency').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    /** When the next email is due; the send job moves it one period on, so a retry never sends twice. */
    nextRunAt: ts('next_run_at').notNull(),
    lastSentAt: ts('last_sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('report_subscriptions_client').on(t.clientId, t.id),
    index('report_subscriptions_due').on(t.nextRunAt),
  ],
);

/**
 * Time members spend on a training (issue 13's trainings report): the active-time ping (POST /api/time) sent from
 * a training's page credits its minute here too. A trigger of its migration adds it to report_facts as
 * 'training_seconds' under the training's project.
 */
export const trainingTime = pgTable(
  'training_time',
  {
    clientId: clientId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.activityId, t.day] })],
);
