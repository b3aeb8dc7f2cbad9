import type { SsoGroupRule as SharedRule } from '@rally/shared';
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
import { uuidv7 } from 'uuidv7';
import { clientId, createdAt } from './columns.ts';
import { teams, users } from './people.ts';
import { clients } from './tenants.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Which claims of the identity provider's answer hold what (OpenID Connect standard claims by default). */
export interface SsoClaims {
  email?: string;
  first_name?: string;
  last_name?: string;
  groups?: string;
}

/** A group of the identity provider and what it gives a member: a team, a role, or both. */
export type SsoGroupRule = SharedRule;

/**
 * A client's single sign-on (issue 24): its identity provider through OpenID Connect or SAML 2.0, how members use it
 * (optional beside passwords, or required but for one break-glass admin), and how the provider's answer maps to a
 * member. One per client. The OpenID Connect client secret is sealed (lib/secret-box.ts) and never answered; a SAML
 * provider has no secret here (its certificates are public).
 */
export const ssoConnections = pgTable('sso_connections', {
  clientId: clientId()
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  protocol: text('protocol').$type<'oidc' | 'saml'>().notNull().default('oidc'),
  enabled: boolean('enabled').notNull().default(true),
  mode: text('mode').$type<'optional' | 'required'>().notNull().default('optional'),
  /** The company sign-in as members know it ("Acme Okta"): the button says "Sign in with {name}". */
  displayName: text('display_name').notNull(),
  /** The OpenID Connect issuer, or the SAML identity provider's entity ID: with a subject, it names an identity. */
  issuer: text('issuer').notNull(),
  /** OpenID Connect only. */
  oidcClientId: text('oidc_client_id'),
  /** Sealed client secret; null for a public client (PKCE only). */
  clientSecret: text('client_secret'),
  scopes: text('scopes').notNull().default('openid email profile'),
  /** SAML only: the provider's sign-in address (HTTP-Redirect binding), from its metadata. */
  samlSsoUrl: text('saml_sso_url'),
  /** SAML only: the provider's signing certificates (PEM), from its metadata; an answer must be signed by one. */
  samlIdpCerts: text('saml_idp_certs').array().notNull().default([]),
  /** SAML only: where the metadata was read from, when an address was given rather than the XML. */
  samlMetadataUrl: text('saml_metadata_url'),
  /** A person the provider knows but the app does not becomes a member on first sign-in (just in time). */
  allowSignUp: boolean('allow_sign_up').notNull().default(true),
  /** Email domains the client vouches for: an account with such an email links even if the provider does not say verified. */
  emailDomains: text('email_domains').array().notNull().default([]),
  claims: jsonb('claims').$type<SsoClaims>().notNull().default({}),
  groupRules: jsonb('group_rules').$type<SsoGroupRule[]>().notNull().default([]),
  /** The admin who keeps a password when SSO is required. */
  breakGlassUserId: uuid('break_glass_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().default(sql`now()`),
});

/**
 * A sign-in under way: what the callback checks (state, by its hash; nonce; the PKCE verifier) and where the member
 * goes after. Used once, within SSO_FLOW_TTL_MS. Under SAML the state is the RelayState, the nonce the AuthnRequest's
 * ID the answer must be InResponseTo, and there is no verifier (empty).
 */
export const ssoFlows = pgTable(
  'sso_flows',
  {
    clientId: clientId().references(() => clients.id, { onDelete: 'cascade' }),
    stateHash: text('state_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.stateHash] }), index('sso_flows_expires').on(t.expiresAt)],
);

/** Which provider identity (issuer and subject) is which member: later sign-ins find them even if their email changed. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    clientId: clientId().references(() => clients.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSignInAt: ts('last_sign_in_at').notNull().default(sql`now()`),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.issuer, t.subject] }),
    index('sso_identities_user').on(t.clientId, t.userId),
  ],
);

/**
 * A client's API keys for its public API (/api/v1, issue 24): named, scoped (read, or read and write), shown once
 * and stored as a hash, revocable; last_used_at says when one was last used (every use is in the audit log).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    clientId: clientId().references(() => clients.id, { onDelete: 'cascade' }),
    id: uuid('id')
      .notNull()
      .$defaultFn(() => uuidv7()),
    name: text('name').notNull(),
    scope: text('scope').$type<'read' | 'read_write'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters, so an admin can tell keys apart. */
    prefix: text('prefix').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] }), uniqueIndex('api_keys_token_hash').on(t.tokenHash)],
);

/**
 * A client's SCIM tokens (issue 24): what its identity provider presents at /scim/v2 to provision members and teams.
 * Named, shown once and stored as a hash, revocable; kept apart from API keys, so that neither can ever pass for the
 * other. last_used_at says when one was last used (what it changed is in the audit log).
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    clientId: clientId().references(() => clients.id, { onDelete: 'cascade' }),
    id: uuid('id')
      .notNull()
      .$defaultFn(() => uuidv7()),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters, so an admin can tell tokens apart. */
    prefix: text('prefix').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] }), uniqueIndex('scim_tokens_token_hash').on(t.tokenHash)],
);

/**
 * What the identity provider calls a member (SCIM, issue 24): their userName (unique in the client, compared without
 * case) and its own id for them (externalId). A member without a row here is known to SCIM by their email. A member
 * the provider deleted stays (deactivated, history kept) with deprovisioned_at set: SCIM no longer finds them, and
 * creating their userName again brings the same member back.
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    clientId: clientId().references(() => clients.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    externalId: text('external_id'),
    deprovisionedAt: ts('deprovisioned_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.userId] }),
    uniqueIndex('scim_users_user_name').on(t.clientId, sql`lower(${t.userName})`),
    index('scim_users_external_id').on(t.clientId, t.externalId),
  ],
);

/** The identity provider's own id (externalId) of a team it provisions as a SCIM group (issue 24). */
export const scimGroups = pgTable(
  'scim_groups',
  {
    clientId: clientId().references(() => clients.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.teamId] }),
    index('scim_groups_external_id').on(t.clientId, t.externalId),
  ],
);
