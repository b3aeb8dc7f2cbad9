import { z } from 'zod';
import { EmailSchema } from './auth.ts';
import { ASSIGNABLE_ROLES } from './users.ts';

/** The two protocols a client's identity provider may speak (issue 24). */
export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

/** The longest SAML metadata document accepted, pasted or fetched (Entra ID's run to about 10 KB). */
export const SAML_METADATA_MAX_BYTES = 256 * 1024;

/** How members of a client with single sign-on sign in (issue 24). */
export const SSO_MODES = ['optional', 'required'] as const;
export type SsoMode = (typeof SSO_MODES)[number];

/** A sign-in under way is good this long (from /api/sso/start to the provider's answer). */
export const SSO_FLOW_TTL_MS = 10 * 60_000;

/** Why a sign-in through the company's provider did not finish: /sso?error={code} says it in words. */
export const SSO_ERRORS = [
  'not_configured',
  'expired',
  'refused',
  'failed',
  'no_email',
  'no_account',
  'unverified_email',
  'deactivated',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

const MAX_RULES = 200;

const claimName = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} must not be empty`)
    .max(100, `${label} must be 100 characters or less`);

/** Which claims hold the email, names and groups; any left out is the OpenID Connect standard one. */
export const SsoClaimsSchema = z.strictObject({
  email: claimName('The email claim').optional(),
  first_name: claimName('The first name claim').optional(),
  last_name: claimName('The last name claim').optional(),
  groups: claimName('The groups claim').optional(),
});

export const SsoGroupRuleSchema = z
  .strictObject({
    group: z
      .string({ error: 'A group must be text' })
      .trim()
      .min(1, 'A group must not be empty')
      .max(300, 'A group must be 300 characters or less'),
    team_id: z.uuid({ message: 'team_id must be a team id' }).nullable().default(null),
    role: z
      .enum(ASSIGNABLE_ROLES, { message: 'role must be USER, ANALYST or ADMIN' })
      .nullable()
      .default(null),
  })
  .refine((rule) => rule.team_id !== null || rule.role !== null, {
    message: 'A group rule must give a team, a role or both',
  });
export type SsoGroupRule = z.output<typeof SsoGroupRuleSchema>;

/** An https address, or http on this machine only (a local test or demo provider); no query or fragment. */
const ISSUER =
  /^(?:https:\/\/[^\s/?#@]+|http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?)(?:\/[^\s?#]*)?$/i;

const httpsUrl = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(500, `${label} must be 500 characters or less`)
    .regex(/^https?:\/\//i, `${label} must start with https://`)
    .regex(ISSUER, `${label} must be an https address such as https://login.example.com, without ? or #`);

/**
 * PUT /api/admin/sso: the client's identity provider and how it is used. OpenID Connect needs the issuer and client
 * ID; omitting client_secret keeps the stored one (it is never answered), null removes it (a public client, PKCE
 * only). SAML needs the provider's metadata, as XML or as the address it is published at; omitting both keeps the
 * provider's metadata already saved.
 */
export const SaveSsoRequestSchema = z
  .strictObject({
    protocol: z.enum(SSO_PROTOCOLS, { message: 'protocol must be oidc or saml' }).default('oidc'),
    enabled: z.boolean({ error: 'enabled must be true or false' }).default(true),
    mode: z.enum(SSO_MODES, { message: 'mode must be optional or required' }).default('optional'),
    display_name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(60, 'Name must be 60 characters or less'),
    issuer: httpsUrl('Issuer URL').optional(),
    client_id: z
      .string({ error: 'Client ID is required' })
      .trim()
      .min(1, 'Client ID is required')
      .max(300, 'Client ID must be 300 characters or less')
      .optional(),
    saml_metadata_xml: z
      .string({ error: 'The metadata XML must be text' })
      .trim()
      .min(1, 'The metadata XML must not be empty')
      .max(SAML_METADATA_MAX_BYTES, `The metadata XML must be ${SAML_METADATA_MAX_BYTES / 1024} KB or less`)
      .optional(),
    saml_metadata_url: httpsUrl('Metadata URL').optional(),
    client_secret: z
      .string({ error: 'Client secret must be text' })
      .min(1, 'Client secret must not be empty')
      .max(2000, 'Client secret must be 2000 characters or less')
      .nullable()
      .optional(),
    scopes: z
      .string({ error: 'Scopes must be text' })
      .trim()
      .max(500, 'Scopes must be 500 characters or less')
      .refine((value) => value.split(/\s+/).includes('openid'), 'Scopes must include openid')
      .default('openid email profile'),
    allow_sign_up: z.boolean({ error: 'allow_sign_up must be true or false' }).default(true),
    email_domains: z
      .array(
        z
          .string({ error: 'An email domain must be text' })
          .trim()
          .toLowerCase()
          .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'An email domain must be a domain such as example.com'),
        { error: 'email_domains must be a list' },
      )
      .max(50, 'email_domains must list at most 50 domains')
      .default([]),
    claims: SsoClaimsSchema.default({}),
    group_rules: z
      .array(SsoGroupRuleSchema, { error: 'group_rules must be a list' })
      .max(MAX_RULES, `group_rules must list at most ${MAX_RULES} rules`)
      .default([]),
    break_glass_user_id: z
      .uuid({ message: 'break_glass_user_id must be a user id' })
      .nullable()
      .default(null),
  })
  .superRefine((body, issues) => {
    if (body.protocol === 'oidc') {
      if (!body.issuer)
        issues.addIssue({ code: 'custom', path: ['issuer'], message: 'Issuer URL is required' });
      if (!body.client_id)
        issues.addIssue({ code: 'custom', path: ['client_id'], message: 'Client ID is required' });
    } else if (body.saml_metadata_xml && body.saml_metadata_url) {
      issues.addIssue({
        code: 'custom',
        path: ['saml_metadata_url'],
        message: 'Give the metadata XML or its URL, not both',
      });
    }
  });
export type SaveSsoRequest = z.input<typeof SaveSsoRequestSchema>;

/** A SAML identity provider as read from its metadata: who it is, where it signs in, the certificates it signs with. */
export const SamlIdpSchema = z.object({
  entity_id: z.string(),
  sso_url: z.string(),
  metadata_url: z.string().nullable(),
  certificates: z.array(
    z.object({
      subject: z.string(),
      /** SHA-256 fingerprint, as identity providers show it (AB:CD:…). */
      fingerprint: z.string(),
      expires_at: z.string(),
    }),
  ),
});
export type SamlIdp = z.infer<typeof SamlIdpSchema>;

/** What a SAML identity provider is told about the app (on the client's own domain), and its metadata to download. */
export const SamlSpSchema = z.object({
  entity_id: z.string(),
  acs_url: z.string(),
  metadata_url: z.string(),
});
export type SamlSp = z.infer<typeof SamlSpSchema>;

/** The client's single sign-on as an admin sees it: everything but the secret, and the address to register. */
export const SsoSettingsSchema = z.object({
  protocol: z.enum(SSO_PROTOCOLS),
  enabled: z.boolean(),
  mode: z.enum(SSO_MODES),
  display_name: z.string(),
  /** The OpenID Connect issuer, or the SAML provider's entity ID. */
  issuer: z.string(),
  /** OpenID Connect only (null under SAML). */
  client_id: z.string().nullable(),
  /** SAML only (null under OpenID Connect). */
  saml: SamlIdpSchema.nullable(),
  has_client_secret: z.boolean(),
  scopes: z.string(),
  allow_sign_up: z.boolean(),
  email_domains: z.array(z.string()),
  claims: SsoClaimsSchema,
  group_rules: z.array(
    z.object({
      group: z.string(),
      team_id: z.string().nullable(),
      role: z.enum(ASSIGNABLE_ROLES).nullable(),
    }),
  ),
  break_glass_user_id: z.string().nullable(),
  updated_at: z.string(),
});
export type SsoSettings = z.infer<typeof SsoSettingsSchema>;

/** GET /api/admin/sso: the settings (null before any), and what to register at the provider. */
export const SsoSettingsResponseSchema = z.object({
  sso: SsoSettingsSchema.nullable(),
  /** The app's OpenID Connect callback on the client's own domain; null while the client has no domain. */
  redirect_uri: z.string().nullable(),
  /** The app as a SAML service provider on the client's own domain; null while the client has no domain. */
  saml_sp: SamlSpSchema.nullable(),
});
export type SsoSettingsResponse = z.infer<typeof SsoSettingsResponseSchema>;

/** GET /api/sso/start: where to go after signing in (a path of the app) and who, as a hint to the provider. */
export const SsoStartQuerySchema = z.object({
  to: z.string().max(2000, 'to must be 2000 characters or less').optional(),
  login_hint: z.string().max(320, 'login_hint must be 320 characters or less').optional(),
});

/** GET /api/sso/callback: the provider's answer (its parameters are checked by the OpenID Connect client). */
export const SsoCallbackQuerySchema = z.record(z.string(), z.string());

/**
 * POST /api/sso/discover: on the app's own address, which company sign-in a work email belongs to (by the email
 * domains a client's single sign-on lists); answers where to start it, on that client's own domain.
 */
export const SsoDiscoverRequestSchema = z.strictObject({
  email: EmailSchema,
  to: z.string().max(2000, 'to must be 2000 characters or less').optional(),
});
export type SsoDiscoverRequest = z.input<typeof SsoDiscoverRequestSchema>;
export const SsoDiscoverResponseSchema = z.object({ url: z.string() });
