import { z } from 'zod';
import { EmailSchema } from './auth.ts';
import { ASSIGNABLE_ROLES } from './users.ts';

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
 * PUT /api/admin/sso: the client's OpenID Connect provider and how it is used. Omitting client_secret keeps the
 * stored one (it is never answered); null removes it (a public client, PKCE only).
 */
export const SaveSsoRequestSchema = z.strictObject({
  enabled: z.boolean({ error: 'enabled must be true or false' }).default(true),
  mode: z.enum(SSO_MODES, { message: 'mode must be optional or required' }).default('optional'),
  display_name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(60, 'Name must be 60 characters or less'),
  issuer: httpsUrl('Issuer URL'),
  client_id: z
    .string({ error: 'Client ID is required' })
    .trim()
    .min(1, 'Client ID is required')
    .max(300, 'Client ID must be 300 characters or less'),
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
  break_glass_user_id: z.uuid({ message: 'break_glass_user_id must be a user id' }).nullable().default(null),
});
export type SaveSsoRequest = z.input<typeof SaveSsoRequestSchema>;

/** The client's single sign-on as an admin sees it: everything but the secret, and the address to register. */
export const SsoSettingsSchema = z.object({
  enabled: z.boolean(),
  mode: z.enum(SSO_MODES),
  display_name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
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

/** GET /api/admin/sso: the settings (null before any), and the redirect URI to register at the provider. */
export const SsoSettingsResponseSchema = z.object({
  sso: SsoSettingsSchema.nullable(),
  /** The app's callback on the client's own domain; null while the client has no domain. */
  redirect_uri: z.string().nullable(),
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
