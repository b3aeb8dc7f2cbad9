import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../constants/domain.ts';

/** Who caused a notification, for its avatar (SPEC 3: image, or the primary-colour fallback). */
export const NotificationActorSchema = z.object({
  id: z.string(),
  /** Display name by SPEC 6, computed by the server; also the avatar's alt text. */
  display_name: z.string(),
  image_url: z.string().nullable(),
});
export type NotificationActor = z.infer<typeof NotificationActorSchema>;

/**
 * A notification's text as catalog keys and values (issue 14), so the app and pushes say it in the reader's
 * language; title and body stay the English text, shown when a key is unknown (or the row has no message).
 */
export const NotificationMessageSchema = z.object({
  /** The title's key, one of NOTIFICATION_MESSAGE_KEYS (the web's `notifications.messages.<key>`), e.g. 'comment'. */
  key: z.string(),
  /** The body's key when the body is the app's own words (e.g. 'points_earned'); without it the body is the stored one. */
  body_key: z.string().optional(),
  /** Values of the texts' `{{placeholders}}`, e.g. { actor: 'Ana' }. */
  params: z.record(z.string(), z.string()),
});
export type NotificationMessage = z.infer<typeof NotificationMessageSchema>;

/** One notification of the signed-in user (SPEC 3: id, link). */
export const NotificationSchema = z.object({
  id: z.string(),
  /** One of NOTIFICATION_KINDS (older rows may carry other kinds). */
  kind: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  /** The text as keys and values for the reader's language; null (or absent) for older rows and English-only notices. */
  message: NotificationMessageSchema.nullable().optional(),
  /** Path inside the app that opening the notification navigates to. */
  link: z.string().nullable(),
  /** Who caused it; null for system notices or a deleted account. */
  actor: NotificationActorSchema.nullable(),
  read_at: z.string().nullable(),
  /** Set when the notification was opened (PATCH /api/notifications/{id}). */
  handled_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET /api/notifications: newest first, cursor paginated (SPEC 7). */
export const NotificationsResponseSchema = z.object({
  notifications: z.array(NotificationSchema),
  /** Unread notifications of the user in all. */
  unread: z.number().int(),
  /** Cursor for the next (older) page, null at the end. */
  next_cursor: z.string().nullable(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;

/** PATCH /api/notifications/{id}. */
export const NotificationResponseSchema = z.object({ notification: NotificationSchema });
export type NotificationResponse = z.infer<typeof NotificationResponseSchema>;

const NotificationKindSchema = z.enum(NOTIFICATION_KINDS, {
  message: `push_off must hold only ${NOTIFICATION_KINDS.join(', ')}`,
});

/** GET and PUT /api/notifications/preferences: the kinds not pushed to the member's devices. */
export const NotificationPreferencesSchema = z.object({
  /** Kinds the member turned off for push; in-app notifications always stay. */
  push_off: z.array(NotificationKindSchema, { message: 'push_off must be a list of notification kinds' }),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;
