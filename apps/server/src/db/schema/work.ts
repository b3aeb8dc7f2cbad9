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
  },
  (t) => [index('projects_client').on(t.clientId, t.id)],
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
    points: integer('points').notNull().default(0),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    startsAt: ts('starts_at'),
    dueAt: ts('due_at'),
    createdAt: createdAt(),
  },
  (t) => [index('activities_project').on(t.projectId)],
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('participations_activity_user').on(t.activityId, t.userId),
    index('participations_user').on(t.userId),
  ],
);
