import { z } from 'zod';
import { DEVICE_PLATFORMS, ROLES } from '../constants/domain.ts';
import { BIO_MAX_LENGTH, NAME_MAX_LENGTH } from '../constants/limits.ts';
import { ClientSchema } from './clients.ts';
import { ListQuerySchema } from './common.ts';

/** An applicant's application entry; APPLICANT users have at least one (SPEC 3). */
export const UserApplicationSchema = z.object({ id: z.string(), status: z.string() });

/** The signed-in user (SPEC 3). */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  display_username: z.boolean(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  image_url: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  bio: z.string().nullable(),
  role: z.enum(ROLES),
  client_id: z.string(),
  client: ClientSchema,
  contract_id: z.string().nullable(),
  contract_agreed_at: z.string().nullable(),
  onboarded_at: z.string().nullable(),
  email_verified_at: z.string().nullable(),
  created_at: z.string(),
  team_tags: z.array(z.string()),
  applications: z.array(UserApplicationSchema),
  membership: z.array(z.object({ team_id: z.string(), name: z.string() })),
  /** Whether the user is a ghost (guest) account. */
  is_ghost: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const MeResponseSchema = z.object({ user: UserSchema });

export const MeQuerySchema = z.object({
  /** Reports the device's push permission (SPEC 7). */
  notifications: z.enum(['true', 'false']).optional(),
});

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or less`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/**
 * Whether a web device's token is a Web Push subscription the server may post to: JSON with keys and an https
 * endpoint on a named host — never an address literal, localhost or an internal name, so that a member cannot
 * make the server send requests into its own network.
 */
export function isWebPushSubscription(token: string): boolean {
  let value: { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  try {
    value = JSON.parse(token);
  } catch {
    return false;
  }
  if (typeof value?.endpoint !== 'string') return false;
  if (typeof value.keys?.p256dh !== 'string' || typeof value.keys?.auth !== 'string') return false;
  // https, a host name and a path: no port, no credentials, no address literal (checked below).
  const match = /^https:\/\/([a-z0-9.-]+)(?:[/?#]|$)/i.exec(value.endpoint);
  if (!match) return false;
  const host = match[1]!.toLowerCase().replace(/\.$/, '');
  if (!host.includes('.') || /^[\d.]+$/.test(host) || /^0x/i.test(host)) return false;
  return !/(^|\.)(localhost|local|internal|localdomain|home|lan|corp)$/.test(host);
}

/** PATCH /api/me: registers a device (fcm, platform, deviceId) and/or updates own profile fields. */
export const UpdateMeRequestSchema = z
  .object({
    fcm: z.string().min(1, 'fcm cannot be empty').max(4096).optional(),
    platform: z
      .enum(DEVICE_PLATFORMS, { message: `platform must be one of ${DEVICE_PLATFORMS.join(', ')}` })
      .optional(),
    deviceId: z.uuid({ message: 'deviceId must be a UUID' }).optional(),
    first_name: optionalText(NAME_MAX_LENGTH, 'First name'),
    last_name: optionalText(NAME_MAX_LENGTH, 'Last name'),
    username: optionalText(NAME_MAX_LENGTH, 'Username'),
    display_username: z.boolean().optional(),
    city: optionalText(NAME_MAX_LENGTH, 'City'),
    state: optionalText(NAME_MAX_LENGTH, 'State'),
    country: optionalText(NAME_MAX_LENGTH, 'Country'),
    bio: optionalText(BIO_MAX_LENGTH, 'Bio'),
    /** An uploaded file of this client (POST /api/upload answers its URL). */
    image_url: z
      .string()
      .max(2048)
      .regex(/^\/api\/files\/[0-9a-f-]{36}\.[a-z0-9]+$/, 'Image must be a file uploaded to this app')
      .nullable()
      .optional(),
  })
  .strict()
  .refine((b) => (b.fcm === undefined) === (b.deviceId === undefined), {
    message: 'fcm and deviceId must be sent together',
  })
  .refine((b) => b.platform !== 'web' || b.fcm === undefined || isWebPushSubscription(b.fcm), {
    message: 'fcm must be a Web Push subscription whose endpoint is an https URL of a push service',
    path: ['fcm'],
  });
export type UpdateMeRequest = z.infer<typeof UpdateMeRequestSchema>;

/** GET /api/contract: the client's current contract. */
export const ContractSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
});
export const ContractResponseSchema = z.object({ contract: ContractSchema.nullable() });

/** POST /api/me/contract: accept the client's current contract by id. */
export const AcceptContractRequestSchema = z.object({
  contract_id: z.uuid({ message: 'contract_id must be a valid id' }),
});

/** POST /api/me/onboarding: completes onboarding with the profile basics. */
export const CompleteOnboardingRequestSchema = z.object({
  first_name: z
    .string()
    .trim()
    .min(1, 'First name is required')
    .max(80, 'First name must be 80 characters or less'),
  last_name: z
    .string()
    .trim()
    .min(1, 'Last name is required')
    .max(80, 'Last name must be 80 characters or less'),
  city: z.string().trim().max(80, 'City must be 80 characters or less').optional(),
  state: z.string().trim().max(80, 'State must be 80 characters or less').optional(),
  country: z.string().trim().max(80, 'Country must be 80 characters or less').optional(),
});

/** POST /api/time: the client reports active time; the server records at most the time since the last ping. */
export const TimeResponseSchema = z.object({ seconds_today: z.number().int() });
export type TimeResponse = z.infer<typeof TimeResponseSchema>;

// ---- Admin ----

/** Roles an admin may give (applicants become users through their application). */
export const ASSIGNABLE_ROLES = ['USER', 'ANALYST', 'ADMIN'] as const;

/** A user as GET /api/admin/users lists them. */
export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  display_name: z.string(),
  image_url: z.string().nullable(),
  role: z.enum(ROLES),
  team_tags: z.array(z.string()),
  teams: z.array(z.object({ id: z.string(), name: z.string() })),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersQuerySchema = ListQuerySchema.extend({
  /** Part of a name, username or email. */
  q: z.string().trim().max(200, 'q must be 200 characters or less').optional(),
  role: z.enum(ROLES, { message: `role must be one of ${ROLES.join(', ')}` }).optional(),
  /** Only members of this team. */
  team: z.uuid({ message: 'team must be a team id' }).optional(),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>;
export const AdminUsersResponseSchema = z.object({
  users: z.array(AdminUserSchema),
  next_cursor: z.string().nullable(),
});
export const AdminUserResponseSchema = z.object({ user: AdminUserSchema });

/** PATCH /api/admin/users/{id} (ADMIN only): the role and/or the exact set of teams. */
export const UpdateAdminUserRequestSchema = z
  .object({
    role: z
      .enum(ASSIGNABLE_ROLES, { message: `role must be one of ${ASSIGNABLE_ROLES.join(', ')}` })
      .optional(),
    team_ids: z
      .array(z.uuid({ message: 'team_ids must be team ids' }), { message: 'team_ids must be a list' })
      .max(200, 'team_ids must hold 200 teams or fewer')
      .optional(),
  })
  .strict()
  .refine((b) => b.role !== undefined || b.team_ids !== undefined, {
    message: 'Send a role or team_ids to change',
  });
export type UpdateAdminUserRequest = z.input<typeof UpdateAdminUserRequestSchema>;
