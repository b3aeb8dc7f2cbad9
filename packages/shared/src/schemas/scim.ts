import { z } from 'zod';

/**
 * SCIM 2.0 provisioning (issue 24): a client's identity provider (Entra ID, Okta…) creates, updates, deactivates
 * members and their teams at `https://{client domain}/scim/v2`, with a SCIM token an admin makes on the Integrations
 * tab. The token is answered once, stored as a hash, and revocable.
 */

/** Every SCIM token starts so, which tells it from an API key or a session token (and secret scanners find it). */
export const SCIM_TOKEN_PREFIX = 'rally_scim_';
/**
 * Calls one SCIM token may make per minute; more are answered 429 with Retry-After, which Entra ID and Okta honour.
 * Higher than an API key's: a first sync of a large directory reads and creates every member.
 */
export const SCIM_RATE_PER_MINUTE = 1200;
/** Most resources one SCIM list answers (ServiceProviderConfig filter.maxResults); `count` above it is capped. */
export const SCIM_MAX_RESULTS = 100;
/** The path of the SCIM service under the client's address. */
export const SCIM_BASE_PATH = '/scim/v2';

/** POST /api/admin/scim-tokens. */
export const CreateScimTokenRequestSchema = z.strictObject({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(60, 'Name must be 60 characters or less'),
});
export type CreateScimTokenRequest = z.input<typeof CreateScimTokenRequestSchema>;

/** A SCIM token as an admin sees it: never the token, only its first characters. */
export const ScimTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters, so an admin can tell tokens apart. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ScimToken = z.infer<typeof ScimTokenSchema>;

/** GET /api/admin/scim-tokens: the tokens, newest first, and the SCIM base URL to give the identity provider. */
export const ScimTokensResponseSchema = z.object({
  scim_tokens: z.array(ScimTokenSchema),
  /** `https://{client domain}/scim/v2`; null when the client has no address of its own yet. */
  base_url: z.string().nullable(),
});
export type ScimTokensResponse = z.infer<typeof ScimTokensResponseSchema>;

/** The answer of a new token: the token itself, this once. */
export const CreatedScimTokenResponseSchema = z.object({ scim_token: ScimTokenSchema, token: z.string() });
export type CreatedScimTokenResponse = z.infer<typeof CreatedScimTokenResponseSchema>;

/** The query of a SCIM list (RFC 7644 3.4.2): filter, 1-based startIndex, count, and which attributes to answer. */
export const ScimListQuerySchema = z.object({
  filter: z.string().max(2000, 'filter must be 2000 characters or less').optional(),
  startIndex: z.coerce
    .number({ message: 'startIndex must be a number' })
    .int('startIndex must be a whole number')
    .optional(),
  count: z.coerce
    .number({ message: 'count must be a number' })
    .int('count must be a whole number')
    .optional(),
  attributes: z.string().max(2000, 'attributes must be 2000 characters or less').optional(),
  excludedAttributes: z.string().max(2000, 'excludedAttributes must be 2000 characters or less').optional(),
});
export type ScimListQuery = z.infer<typeof ScimListQuerySchema>;

/** The attributes a SCIM read may narrow its answer to (GET of one resource). */
export const ScimAttributesQuerySchema = ScimListQuerySchema.pick({
  attributes: true,
  excludedAttributes: true,
});

/** A SCIM resource's id in a path (a User's or Group's id, a schema's URN, a resource type's name). */
export const ScimIdParamsSchema = z.object({
  id: z.string().min(1).max(300, 'id must be 300 characters or less'),
});

/**
 * The body of a SCIM write: a User or Group resource, or a PatchOp message. Only its shape as a JSON object is
 * checked here; the SCIM service checks it against RFC 7643 (and answers SCIM errors).
 */
export const ScimBodySchema = z.looseObject({
  schemas: z.array(z.string(), { message: 'schemas must be a list of schema URNs' }).optional(),
});
