import type { ApplicationQuestion, ApplicationRules, Locale, Role } from '@rally/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clientId, createdAt, id } from './columns.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Members, leads, admins, applicants and ghosts of a client. */
export const users = pgTable(
  'users',
  {
    id: id(),
    clientId: clientId(),
    email: text('email'),
    passwordHash: text('password_hash'),
    username: text('username'),
    displayUsername: boolean('display_username').notNull().default(false),
    firstName: text('first_name'),
    lastName: text('last_name'),
    imageUrl: text('image_url'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    bio: text('bio'),
    role: text('role').$type<Role>().notNull().default('USER'),
    teamTags: text('team_tags').array().notNull().default([]),
    contractId: text('contract_id'),
    contractAgreedAt: ts('contract_agreed_at'),
    onboardedAt: ts('onboarded_at'),
    emailVerifiedAt: ts('email_verified_at'),
    isGhost: boolean('is_ghost').notNull().default(false),
    /** The UI language the member chose in /profile ('en' | 'es'); null: the browser's language. */
    locale: text('locale').$type<Locale>(),
    /** Inactive users cannot sign in (status page /status/not-active). */
    isActive: boolean('is_active').notNull().default(true),
    /** When an admin deactivated the account (null while active). */
    deactivatedAt: ts('deactivated_at'),
    /** When an admin invited the person; with no password set yet the user is "invited". */
    invitedAt: ts('invited_at'),
    /** The last credited active-time ping (POST /api/time). */
    lastActiveAt: ts('last_active_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('users_client_email').on(t.clientId, sql`lower(${t.email})`),
    // The admin users list (issue 14): a client's page newest first, and by name (the list's "name" sort key).
    index('users_client_id').on(t.clientId, t.id),
    index('users_client_name').on(
      t.clientId,
      sql`lower(coalesce(nullif(trim(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')), ''), ${t.email}, ''))`,
      t.id,
    ),
  ],
);

/** Sessions: random tokens stored as SHA-256 hashes. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    clientId: clientId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** Push permission last reported by the app of this session (GET /api/me?notifications=). */
    notificationsGranted: boolean('notifications_granted'),
  },
  (t) => [uniqueIndex('sessions_token_hash').on(t.tokenHash), index('sessions_user').on(t.userId)],
);

/** One-time email tokens for verification and password reset. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    clientId: clientId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash').on(t.tokenHash),
    // A reset voids the user's other links of its kind.
    index('email_tokens_user').on(t.userId, t.kind),
  ],
);

/** Push device registrations (SPEC 3: fcm token, platform, deviceId). */
export const devices = pgTable(
  'devices',
  {
    id: id(),
    clientId: clientId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').notNull(),
    fcmToken: text('fcm_token').notNull(),
    platform: text('platform').notNull(),
    notificationsGranted: boolean('notifications_granted'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('devices_client_device').on(t.clientId, t.deviceId)],
);

export const teams = pgTable(
  'teams',
  {
    id: id(),
    clientId: clientId(),
    name: text('name').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    /** Whether members may find and join it from discover. */
    isDiscoverable: boolean('is_discoverable').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('teams_client').on(t.clientId)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    clientId: clientId(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user').on(t.userId)],
);

export const follows = pgTable(
  'follows',
  {
    clientId: clientId(),
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followeeId] }), index('follows_followee').on(t.followeeId)],
);

/** Application forms people apply through (/apply/{application}). */
export const applications = pgTable(
  'applications',
  {
    id: id(),
    clientId: clientId(),
    title: text('title').notNull(),
    description: text('description'),
    isOpen: boolean('is_open').notNull().default(true),
    /** Uploaded cover image shown on the public form. */
    coverImageUrl: text('cover_image_url'),
    /** The form's questions, in order (shape: `ApplicationQuestion` in @rally/shared). */
    questions: jsonb('questions').$type<ApplicationQuestion[]>().notNull().default([]),
    /** Teams an approved applicant joins. */
    teamIds: uuid('team_ids').array().notNull().default([]),
    /** Optional auto-approve / auto-reject rules (shape: `ApplicationRules` in @rally/shared). */
    rules: jsonb('rules').$type<ApplicationRules>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().default(sql`now()`),
  },
  (t) => [index('applications_client').on(t.clientId, t.id)],
);

/** A person's application; APPLICANT users see theirs at /applicants/{id}. */
export const applicants = pgTable(
  'applicants',
  {
    id: id(),
    clientId: clientId(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    /** The reviewer's message: the reason for a rejection or the information requested. */
    reviewNote: text('review_note'),
    /** Who decided last (null for automatic rules and pending applicants). */
    decidedBy: uuid('decided_by'),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    index('applicants_user').on(t.userId),
    index('applicants_client_queue').on(t.clientId, t.status, t.id),
    // The review queue unfiltered, newest first (issue 14).
    index('applicants_client_id').on(t.clientId, t.id),
    index('applicants_application').on(t.applicationId, t.id),
  ],
);
