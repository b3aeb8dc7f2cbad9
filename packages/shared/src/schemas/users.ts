import { z } from 'zod';
import { DEVICE_PLATFORMS, ROLES } from '../constants/domain.ts';
import { BIO_MAX_LENGTH, NAME_MAX_LENGTH } from '../constants/limits.ts';
import { LOCALES } from '../constants/locales.ts';
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
  /** The UI language the member chose in /profile; null (or absent): the browser's language decides. */
  locale: z.enum(LOCALES).nullable().optional(),
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
    /** The UI language (issue 14); null goes back to the browser's language. */
    locale: z
      .enum(LOCALES, { message: `locale must be one of ${LOCALES.join(', ')}` })
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

/**
 * POST /api/time (optional body): the activity whose page is open, so that a training's page counts its minute as
 * time spent on that training too (ignored for any other activity).
 */
export const TimeRequestSchema = z
  .strictObject({ activity_id: z.uuid({ message: 'activity_id must be an activity id' }).optional() })
  .nullish();
export type TimeRequest = z.infer<typeof TimeRequestSchema>;

/** POST /api/time: the client reports active time; the server records at most the time since the last ping. */
export const TimeResponseSchema = z.object({ seconds_today: z.number().int() });
export type TimeResponse = z.infer<typeof TimeResponseSchema>;

// ---- Admin ----

/** Roles an admin may give (applicants become users through their application). */
export const ASSIGNABLE_ROLES = ['USER', 'ANALYST', 'ADMIN'] as const;

/** Where a user stands: signed up or accepted (active), invited and not yet accepted, or deactivated. */
export const USER_STATUSES = ['active', 'invited', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Orders of the admin users list; newest first by default. */
export const ADMIN_USER_SORTS = ['newest', 'oldest', 'name', 'last_active'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/** Last-active filters: active within 7, 30 or 90 days, not active for 30 days (or never), never active. */
export const LAST_ACTIVE_FILTERS = ['7d', '30d', '90d', 'over_30d', 'never'] as const;
export type LastActiveFilter = (typeof LAST_ACTIVE_FILTERS)[number];

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
  status: z.enum(USER_STATUSES),
  created_at: z.string(),
  invited_at: z.string().nullable(),
  last_active_at: z.string().nullable(),
  /** Whether the viewer may change this user (role, teams, deactivation, invitation): the server decides. */
  can_manage: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersQuerySchema = ListQuerySchema.extend({
  /** Part of a name, username or email. */
  q: z.string().trim().max(200, 'q must be 200 characters or less').optional(),
  role: z.enum(ROLES, { message: `role must be one of ${ROLES.join(', ')}` }).optional(),
  /** Only members of this team. */
  team: z.uuid({ message: 'team must be a team id' }).optional(),
  status: z.enum(USER_STATUSES, { message: `status must be one of ${USER_STATUSES.join(', ')}` }).optional(),
  last_active: z
    .enum(LAST_ACTIVE_FILTERS, { message: `last_active must be one of ${LAST_ACTIVE_FILTERS.join(', ')}` })
    .optional(),
  sort: z
    .enum(ADMIN_USER_SORTS, { message: `sort must be one of ${ADMIN_USER_SORTS.join(', ')}` })
    .default('newest'),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>;
export const AdminUsersResponseSchema = z.object({
  users: z.array(AdminUserSchema),
  next_cursor: z.string().nullable(),
});
export const AdminUserResponseSchema = z.object({ user: AdminUserSchema });

const teamIdList = (field: string) =>
  z
    .array(z.uuid({ message: `${field} must be team ids` }), { message: `${field} must be a list` })
    .max(200, `${field} must hold 200 teams or fewer`);

/**
 * PATCH /api/admin/users/{id} (ADMIN, or an ANALYST for the members of their teams): the role, the exact set of
 * teams and/or the teams an ANALYST leads (team_tags; none means every team).
 */
export const UpdateAdminUserRequestSchema = z
  .object({
    role: z
      .enum(ASSIGNABLE_ROLES, { message: `role must be one of ${ASSIGNABLE_ROLES.join(', ')}` })
      .optional(),
    team_ids: teamIdList('team_ids').optional(),
    team_tags: teamIdList('team_tags').optional(),
  })
  .strict()
  .refine((b) => b.role !== undefined || b.team_ids !== undefined || b.team_tags !== undefined, {
    message: 'Send a role, team_ids or team_tags to change',
  });
export type UpdateAdminUserRequest = z.input<typeof UpdateAdminUserRequestSchema>;
