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
import { users } from './people.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Projects members join; filled by the projects issue. */
export const projects = pgTable(
  'projects',
  {
    id: id(),
    clientId: clientId(),
    name: text('name').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    /** open | teams | invite */
    audience: text('audience').notNull().default('open'),
    audienceTeamIds: uuid('audience_team_ids').array().notNull().default([]),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    archivedAt: ts('archived_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    // Aggregates of the live activities, kept by a trigger on activities (migration 0002) so that member
    // lists never scan activities.
    activityCount: integer('activity_count').notNull().default(0),
    activityTypes: text('activity_types').array().notNull().default([]),
    pointsTotal: integer('points_total').notNull().default(0),
    trainingCount: integer('training_count').notNull().default(0),
  },
  (t) => [index('projects_client').on(t.clientId, t.id)],
);

/** A member's completed activities per project, kept by triggers on participations and activities (migration 0002). */
export const projectProgress = pgTable(
  'project_progress',
  {
    clientId: clientId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    completedCount: integer('completed_count').notNull().default(0),
    completedTrainings: integer('completed_trainings').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

/** Members invited to an invite-only project. */
export const projectInvites = pgTable(
  'project_invites',
  {
    clientId: clientId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_invites_user').on(t.userId)],
);

export const projectMembers = pgTable(
  'project_members',
  {
    clientId: clientId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user').on(t.userId)],
);

/** Activities of a project: social_post, general_participation, content_submission, training. */
export const activities = pgTable(
  'activities',
  {
    id: id(),
    clientId: clientId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    points: integer('points').notNull().default(0),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    startsAt: ts('starts_at'),
    dueAt: ts('due_at'),
    archivedAt: ts('archived_at'),
    createdAt: createdAt(),
  },
  (t) => [index('activities_project').on(t.projectId), index('activities_client').on(t.clientId, t.type)],
);

/** One participation per member and activity. */
export const participations = pgTable(
  'participations',
  {
    id: id(),
    clientId: clientId(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** pending | approved | rejected | completed */
    status: text('status').notNull().default('completed'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    isComplete: boolean('is_complete').notNull().default(false),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: ts('reviewed_at'),
    rejectReason: text('reject_reason'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('participations_activity_user').on(t.activityId, t.userId),
    index('participations_user').on(t.userId),
    index('participations_client').on(t.clientId, t.id),
  ],
);

/** Library post templates: body text with [[placeholders]] (SPEC 3). */
export const templates = pgTable(
  'templates',
  {
    id: id(),
    clientId: clientId(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    placeholders: jsonb('placeholders')
      .$type<{ id: string; name: string; value: string }[]>()
      .notNull()
      .default([]),
    tags: text('tags').array().notNull().default([]),
    archivedAt: ts('archived_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('templates_client').on(t.clientId, t.id)],
);

/** Library creatives: images and videos reusable across activities. */
export const creatives = pgTable(
  'creatives',
  {
    id: id(),
    clientId: clientId(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    kind: text('kind').notNull(),
    tags: text('tags').array().notNull().default([]),
    archivedAt: ts('archived_at'),
    createdAt: createdAt(),
  },
  (t) => [index('creatives_client').on(t.clientId, t.id)],
);

/** A member's share of a social_post activity; its id is the tracked link /p/{id}. */
export const shares = pgTable(
  'shares',
  {
    id: id(),
    clientId: clientId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    text: text('text').notNull(),
    postUrl: text('post_url'),
    sharedAt: ts('shared_at'),
    clicks: integer('clicks').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('shares_user').on(t.userId, t.id),
    index('shares_activity').on(t.activityId),
    // The admin Dashboard and reports read a client's shares posted in a period (issue 13).
    index('shares_client_shared_at').on(t.clientId, t.sharedAt),
    // One tracked link per member, activity and network: a re-share reuses it (an upsert on this key).
    uniqueIndex('shares_user_activity_channel').on(t.userId, t.activityId, t.channel),
  ],
);

/** One row per visitor of a tracked link, so repeat visits count once. */
export const shareClicks = pgTable(
  'share_clicks',
  {
    clientId: clientId(),
    shareId: uuid('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.shareId, t.visitorHash] })],
);
