import { z } from 'zod';
import { DEVICE_PLATFORMS, ROLES } from '../constants/domain.ts';
import { BIO_MAX_LENGTH, NAME_MAX_LENGTH } from '../constants/limits.ts';
import { ClientSchema } from './clients.ts';

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
