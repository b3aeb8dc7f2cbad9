import { z } from 'zod';
import { ROLES } from '../constants/domain.ts';
import { IdSchema } from './common.ts';

/** What a client's API key may do with its public API (issue 24): read, or read and write. */
export const API_KEY_SCOPES = ['read', 'read_write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** Every API key's token starts so, which tells it from a session token (and secret scanners can find it). */
export const API_KEY_PREFIX = 'rally_';
/** Calls one API key may make per minute; more are answered 429 with Retry-After. */
export const API_KEY_RATE_PER_MINUTE = 120;

/** POST /api/admin/api-keys. */
export const CreateApiKeyRequestSchema = z.strictObject({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(60, 'Name must be 60 characters or less'),
  scope: z.enum(API_KEY_SCOPES, { message: 'scope must be read or read_write' }),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequestSchema>;

/** An API key as an admin sees it: never its token, only the first characters of it. */
export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;
export const ApiKeysResponseSchema = z.object({ api_keys: z.array(ApiKeySchema) });
/** The answer of a new key: its token, this once. */
export const CreatedApiKeyResponseSchema = z.object({ api_key: ApiKeySchema, token: z.string() });

/** GET /api/v1/members: a member as the public API answers them. */
export const V1MemberSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role: z.enum(ROLES),
  is_active: z.boolean(),
  teams: z.array(z.object({ id: z.string(), name: z.string() })),
  created_at: z.string(),
});
export const V1MembersResponseSchema = z.object({
  members: z.array(V1MemberSchema),
  next_cursor: z.string().nullable(),
});

/** GET /api/v1/teams. */
export const V1TeamSchema = z.object({ id: z.string(), name: z.string(), member_count: z.number().int() });
export const V1TeamsResponseSchema = z.object({ teams: z.array(V1TeamSchema) });

/** A page of a public API list: at most 100 rows after the cursor (the last id of the page before), newest first. */
export const V1PageQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(50),
  cursor: IdSchema.optional(),
});

/** GET /api/v1/projects. */
export const V1ProjectsQuerySchema = V1PageQuerySchema.extend({
  status: z
    .enum(['current', 'archived', 'all'], { message: 'status must be current, archived or all' })
    .default('current'),
});
export const V1ProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  audience: z.enum(['open', 'teams', 'invite']),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  activity_count: z.number().int(),
  member_count: z.number().int(),
});
export const V1ProjectsResponseSchema = z.object({
  projects: z.array(V1ProjectSchema),
  next_cursor: z.string().nullable(),
});

/** GET /api/v1/projects/{id}/activities: a project's live activities. */
export const V1ActivitySchema = z.object({
  id: z.string(),
  project_id: z.string(),
  type: z.string(),
  title: z.string(),
  points: z.number().int(),
  starts_at: z.string().nullable(),
  due_at: z.string().nullable(),
  created_at: z.string(),
  participation_count: z.number().int(),
});
export const V1ActivitiesResponseSchema = z.object({ activities: z.array(V1ActivitySchema) });

/** GET /api/v1/participations. */
export const V1ParticipationsQuerySchema = V1PageQuerySchema.extend({
  status: z
    .enum(['all', 'pending', 'completed', 'approved', 'rejected'], {
      message: 'status must be all, pending, completed, approved or rejected',
    })
    .default('all'),
  project_id: IdSchema.optional(),
});
export const V1ParticipationSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'completed', 'approved', 'rejected']),
  member_id: z.string(),
  activity_id: z.string(),
  activity_type: z.string(),
  project_id: z.string(),
  points: z.number().int(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export const V1ParticipationsResponseSchema = z.object({
  participations: z.array(V1ParticipationSchema),
  next_cursor: z.string().nullable(),
});

/** GET /api/v1/members/{id}/points: a member's points in all. */
export const V1PointsResponseSchema = z.object({ member_id: z.string(), total: z.number().int() });

/** POST /api/v1/points (a read and write key): points for something done outside the app, once per reference. */
export const V1AwardPointsRequestSchema = z.strictObject({
  member_id: IdSchema,
  points: z
    .number({ message: 'points must be a number' })
    .int('points must be a whole number')
    .min(-10_000, 'points must be between -10000 and 10000')
    .max(10_000, 'points must be between -10000 and 10000')
    .refine((n) => n !== 0, 'points cannot be 0'),
  reference: z
    .string({ message: 'reference is required' })
    .trim()
    .min(1, 'reference is required')
    .max(100, 'reference must be 100 characters or less')
    .regex(/^[\w.:-]+$/, 'reference may hold letters, digits and . _ : - only'),
});
export type V1AwardPointsRequest = z.input<typeof V1AwardPointsRequestSchema>;
export const V1AwardPointsResponseSchema = z.object({
  member_id: z.string(),
  points: z.number().int(),
  reference: z.string(),
  /** False when this reference was already used: nothing was added again. */
  created: z.boolean(),
  total: z.number().int(),
});
