import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientId, createdAt, id } from './columns.ts';

/** Stored client configuration; the API adds defaults when presenting it. */
export interface StoredClientConfig {
  branch_key?: string | null;
  primary_color?: string;
  secondary_color?: string;
  terms_url?: string | null;
  home_image?: { class?: string | null; width?: number; height?: number };
  project?: { singular: string; plural: string };
  team?: { singular: string; plural: string };
  role_labels?: Record<string, string | undefined>;
  i18n_namespace?: string | null;
  paused?: boolean;
  pause_override?: string[];
  white_label?: boolean;
  community_variant?: 'full' | 'white_label';
  /** Who members may start a direct message or group with (chat; GET/PATCH /api/admin/chat/settings). */
  chat_dm_policy?: 'anyone' | 'teammates' | 'brand_team';
  /** Extra i18n overrides for the client's namespace. */
  strings?: Record<string, string>;
}

/** A client organisation (brand) with its own app. */
export const clients = pgTable(
  'clients',
  {
    id: id(),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    homeImageUrl: text('home_image_url'),
    faviconUrl: text('favicon_url'),
    features: text('features').array().notNull().default([]),
    channels: text('channels').array().notNull().default([]),
    contractId: text('contract_id'),
    config: jsonb('config').$type<StoredClientConfig>().notNull().default({}),
    /** The client served when a host matches no domain. */
    isDefault: boolean('is_default').notNull().default(false),
    /** The custom URL: the client's address on the shared host (/c/{slug}); unique across clients. */
    slug: text('slug'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('clients_slug').on(sql`lower(${t.slug})`)],
);

/**
 * Hosts that serve a client (white-label domains). Only verified hosts serve it: an admin adds a domain unverified
 * (verified_at null) with a token it proves through DNS; a host an operator or seed inserts without saying
 * otherwise is verified by the column default, as the demo hosts were by the migration that added it.
 */
export const clientDomains = pgTable(
  'client_domains',
  {
    host: text('host').primaryKey(),
    clientId: clientId().references(() => clients.id, { onDelete: 'cascade' }),
    /** The host the client's emailed and shared links point at (else its first verified host by name). */
    isPrimary: boolean('is_primary').notNull().default(false),
    /** Value of the TXT record `_rally-verification.{host}` that proves the client controls the domain. */
    verificationToken: text('verification_token'),
    /** When the TXT record was found; null while the domain waits for it (then it serves nobody). */
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }).default(sql`now()`),
    /** The last DNS check (on request or by the re-check job). */
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true, mode: 'date' }),
    /** What the last failed check found, in words an admin can act on. */
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_domains_one_primary').on(t.clientId).where(sql`${t.isPrimary}`),
    index('client_domains_client').on(t.clientId),
  ],
);

/** Contract versions; the client's current one is clients.contract_id. */
export const contracts = pgTable(
  'contracts',
  {
    id: id(),
    clientId: clientId().references(() => clients.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('contracts_client_version').on(t.clientId, t.version)],
);
