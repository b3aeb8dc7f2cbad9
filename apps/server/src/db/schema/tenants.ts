import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
export const clients = pgTable('clients', {
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
  createdAt: createdAt(),
});

/** Hosts that serve a client (white-label domains). */
export const clientDomains = pgTable(
  'client_domains',
  {
    host: text('host').primaryKey(),
    clientId: clientId().references(() => clients.id, { onDelete: 'cascade' }),
    /** The host the client's emailed and shared links point at (else its first host by name). */
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (t) => [uniqueIndex('client_domains_one_primary').on(t.clientId).where(sql`${t.isPrimary}`)],
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
