import type {
  WebhookDeliveryStatus,
  WebhookDisabledReason,
  WebhookEventType,
  WebhookFormat,
} from '@rally/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import { clientId, createdAt } from './columns.ts';
import { users } from './people.ts';
import { clients } from './tenants.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const rowId = () =>
  uuid('id')
    .notNull()
    .$defaultFn(() => uuidv7());

/**
 * A client's outgoing webhook endpoint (issue 24): an https URL of a public host, the events it gets, and its signing
 * secret (sealed, lib/secret-box.ts; answered only when made or rotated). After a rotation the previous secret signs
 * too until previous_secret_expires_at. The server turns an endpoint off (disabled_reason 'failing') once
 * WEBHOOK_DISABLE_AFTER_FAILURES deliveries in a row failed for good.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    clientId: clientId().references(() => clients.id, { onDelete: 'cascade' }),
    id: rowId(),
    /** Where deliveries go; for a channel its masked form (the real URL is sealed in sealed_url). */
    url: text('url').notNull(),
    /** standard: signed JSON; slack or teams: a message to that channel. */
    format: text('format').$type<WebhookFormat>().notNull().default('standard'),
    /** A channel's incoming-webhook URL, sealed: it is a credential (whoever holds it can post to the channel). */
    sealedUrl: text('sealed_url'),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().$type<WebhookEventType[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason').$type<WebhookDisabledReason>(),
    disabledAt: ts('disabled_at'),
    /** Sealed `whsec_…` secret. */
    secret: text('secret').notNull(),
    /** The sealed secret before the last rotation, still signing until previous_secret_expires_at. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: ts('previous_secret_expires_at'),
    /** Deliveries in a row that failed for good since the last success (test pings do not count). */
    failureCount: integer('failure_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

/**
 * One message to one endpoint (an event, or a test ping): its id is the `webhook-id` header, the same on every retry
 * and Resend; `body` is the exact JSON sent. Pending until an attempt succeeds or the last one fails.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    clientId: clientId().references(() => clients.id, { onDelete: 'cascade' }),
    id: rowId(),
    endpointId: uuid('endpoint_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    lastAttemptAt: ts('last_attempt_at'),
    lastResponseCode: integer('last_response_code'),
    lastError: text('last_error'),
    nextAttemptAt: ts('next_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({
      columns: [t.clientId, t.endpointId],
      foreignColumns: [webhookEndpoints.clientId, webhookEndpoints.id],
    }).onDelete('cascade'),
    // The delivery log of an endpoint, newest first (keyset on id), and pruning its oldest.
    index('webhook_deliveries_endpoint').on(t.clientId, t.endpointId, t.id),
  ],
);

/** One POST of a delivery to its endpoint, and what came back. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    clientId: clientId().references(() => clients.id, { onDelete: 'cascade' }),
    id: rowId(),
    deliveryId: uuid('delivery_id').notNull(),
    attemptedAt: ts('attempted_at').notNull().default(sql`now()`),
    status: text('status').$type<'succeeded' | 'failed'>().notNull(),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    /** scheduled: the first attempt or an automatic retry; resend: an admin's Resend. */
    trigger: text('trigger').$type<'scheduled' | 'resend'>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    foreignKey({
      columns: [t.clientId, t.deliveryId],
      foreignColumns: [webhookDeliveries.clientId, webhookDeliveries.id],
    }).onDelete('cascade'),
    index('webhook_attempts_delivery').on(t.clientId, t.deliveryId, t.id),
  ],
);
