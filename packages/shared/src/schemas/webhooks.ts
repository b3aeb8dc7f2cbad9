import { z } from 'zod';
import { ROLES } from '../constants/domain.ts';
import { isoString } from './common.ts';
import { PROJECT_AUDIENCES } from './projects.ts';

/**
 * Signed outgoing webhooks (issue 24): an admin registers an https endpoint and the events it wants; every event is
 * POSTed to it as JSON signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
 */

/** The events an endpoint may subscribe to. Order and commission events join once they exist. */
export const WEBHOOK_EVENT_TYPES = [
  'member.joined',
  'project.created',
  'activity.created',
  'participation.submitted',
  'participation.approved',
  'share.clicked',
  'badge.earned',
  'leaderboard.weekly',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * How an endpoint is sent its events: signed JSON for the client's own systems (Standard Webhooks), or a message to a
 * Slack or Microsoft Teams channel through the channel's incoming-webhook URL (channel notifications).
 */
export const WEBHOOK_FORMATS = ['standard', 'slack', 'teams'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
export const CHANNEL_FORMATS = ['teams', 'slack'] as const;
export type ChannelFormat = (typeof CHANNEL_FORMATS)[number];
/** What a channel may be posted (what a community wants to see in its chat, never one member's private doings). */
export const CHANNEL_EVENT_TYPES = [
  'project.created',
  'activity.created',
  'badge.earned',
  'leaderboard.weekly',
] as const;
/** How many members the weekly leaderboard names. */
export const WEEKLY_LEADERS = 5;
export const isChannelFormat = (format: WebhookFormat): format is ChannelFormat => format !== 'standard';
/** The ping POST /api/admin/webhooks/{id}/test sends; not an event anyone subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** A delivery waits (first attempt or a retry), reached the endpoint (2xx), or gave up. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Why the server turned an endpoint off by itself (an admin's own switch-off has no reason). */
export const WEBHOOK_DISABLED_REASONS = ['failing'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

/** Every webhook secret starts so (Standard Webhooks): `whsec_` and the base64 of 32 random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Endpoints one client may register: each event is one delivery per endpoint. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** Waits before each retry of a failed delivery, in seconds: 5 attempts in all, over about 7 hours. */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [10, 5 * 60, 60 * 60, 6 * 60 * 60] as const;
/** Attempts of one delivery before it fails for good (the first and the retries). */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;
/** An endpoint is turned off (and its client's admins told) after this many deliveries in a row failed for good. */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 10;
/** After a secret is rotated, deliveries carry the previous one's signature too for this long. */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;
/** The stored excerpt of an endpoint's answer is at most this long. */
export const WEBHOOK_RESPONSE_EXCERPT_MAX = 500;

const eventTypes = z
  .array(
    z.enum(WEBHOOK_EVENT_TYPES, {
      message: `event_types must hold only ${WEBHOOK_EVENT_TYPES.join(', ')}`,
    }),
    { error: 'event_types must be a list of event types' },
  )
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length, 'event_types must not repeat an event')
  .refine((list) => new Set(list).size === list.length, 'event_types must not repeat an event');

/**
 * The endpoint's address: http(s), no user name or password in it. The server also requires https and a public
 * host (it resolves the name), answering 400 with the reason.
 */
const endpointUrl = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(2000, 'The URL must be 2000 characters or less')
  .regex(/^https?:\/\//i, 'The URL must start with https://')
  .regex(/^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i, 'The URL is not a valid web address')
  .regex(
    /^https?:\/\/[^/?#@]+(?:[/?#]|$)/i,
    'The URL must not hold a user name or password: the signature proves who sends',
  );

const description = z
  .string({ error: 'description must be text' })
  .trim()
  .max(200, 'Description must be 200 characters or less');

const channelEventsOnly = (format: WebhookFormat, events: readonly string[] | undefined) =>
  !isChannelFormat(format) ||
  !events ||
  events.every((e) => (CHANNEL_EVENT_TYPES as readonly string[]).includes(e));
const CHANNEL_EVENTS_MESSAGE = `A channel can be posted only ${CHANNEL_EVENT_TYPES.join(', ')}`;

/** POST /api/admin/webhooks: an endpoint (format standard) or a channel (slack or teams). */
export const CreateWebhookRequestSchema = z
  .strictObject({
    url: endpointUrl,
    format: z
      .enum(WEBHOOK_FORMATS, { message: 'format must be standard, slack or teams' })
      .default('standard'),
    event_types: eventTypes,
    description: description.default(''),
  })
  .refine((body) => channelEventsOnly(body.format, body.event_types), {
    message: CHANNEL_EVENTS_MESSAGE,
    path: ['event_types'],
  });
export type CreateWebhookRequest = z.input<typeof CreateWebhookRequestSchema>;

/** PATCH /api/admin/webhooks/{id}: any of these; left out stays. Turning an endpoint on clears its failures. */
export const UpdateWebhookRequestSchema = z.strictObject({
  url: endpointUrl.optional(),
  event_types: eventTypes.optional(),
  description: description.optional(),
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
});
export type UpdateWebhookRequest = z.input<typeof UpdateWebhookRequestSchema>;

/** The message a refused channel event list gets (PATCH checks it against the channel's own format). */
export const CHANNEL_EVENTS_ERROR = CHANNEL_EVENTS_MESSAGE;

/**
 * An endpoint as an admin sees it: never its secret. A channel's URL is itself a credential (anyone holding it can
 * post there): it is stored sealed and shown only masked.
 */
export const WebhookSchema = z.object({
  id: z.string(),
  format: z.enum(WEBHOOK_FORMATS),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  /** False when an admin turned it off or the server did (then disabled_reason says why). */
  enabled: z.boolean(),
  disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabled_at: isoString.nullable(),
  /** Deliveries in a row that failed for good since the last success. */
  failure_count: z.number().int(),
  /** Until then deliveries are signed with the previous secret too (after a rotation); null otherwise. */
  previous_secret_expires_at: isoString.nullable(),
  created_at: isoString,
  updated_at: isoString,
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const WebhooksResponseSchema = z.object({ webhooks: z.array(WebhookSchema) });
export type WebhooksResponse = z.infer<typeof WebhooksResponseSchema>;
export const WebhookResponseSchema = z.object({ webhook: WebhookSchema });
export type WebhookResponse = z.infer<typeof WebhookResponseSchema>;
/** The answer of POST /api/admin/webhooks and of a rotation: the secret, this once. */
export const WebhookSecretResponseSchema = z.object({ webhook: WebhookSchema, secret: z.string() });
export type WebhookSecretResponse = z.infer<typeof WebhookSecretResponseSchema>;

/** One POST to the endpoint. */
export const WebhookAttemptSchema = z.object({
  id: z.string(),
  attempted_at: isoString,
  /** succeeded: a 2xx answer; failed: any other answer, or none (then error says why). */
  status: z.enum(['succeeded', 'failed']),
  /** The HTTP status the endpoint answered; null when it did not answer. */
  response_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  /** The first WEBHOOK_RESPONSE_EXCERPT_MAX characters of the endpoint's answer. */
  response_excerpt: z.string().nullable(),
  /** Why there was no answer (timeout, refused, not a public address…). */
  error: z.string().nullable(),
  /** scheduled: the first attempt or an automatic retry; resend: an admin's Resend. */
  trigger: z.enum(['scheduled', 'resend']),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

/** One message to the endpoint (its id is the `webhook-id` header) and its attempts, newest first. */
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** The last attempt's HTTP status (null before any, or when it got no answer). */
  response_code: z.number().int().nullable(),
  error: z.string().nullable(),
  attempt_count: z.number().int(),
  created_at: isoString,
  last_attempt_at: isoString.nullable(),
  /** When the next retry goes (pending deliveries only). */
  next_attempt_at: isoString.nullable(),
  /** The JSON body sent: { type, timestamp, data }. */
  payload: z.unknown(),
  attempts: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** GET /api/admin/webhooks/{id}/deliveries: newest first, keyset pages (SPEC 7). */
export const WebhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(WebhookDeliverySchema),
  next_cursor: z.string().nullable(),
});
export type WebhookDeliveriesResponse = z.infer<typeof WebhookDeliveriesResponseSchema>;
/** POST …/test and …/resend: the delivery, queued (pending). */
export const WebhookDeliveryResponseSchema = z.object({ delivery: WebhookDeliverySchema });
export type WebhookDeliveryResponse = z.infer<typeof WebhookDeliveryResponseSchema>;

/**
 * How a person became a member: signed up (email verified), accepted an invitation, first SSO sign-in, approved, or
 * created active by the company directory (SCIM).
 */
export const MEMBER_JOINED_VIA = ['sign_up', 'invitation', 'sso', 'application', 'scim'] as const;

/**
 * What each event's `data` holds: the ids and the few fields an integrator needs, never secrets or another
 * client's data. The body of every delivery is `{ type, timestamp, data }` (Standard Webhooks).
 */
export const WebhookEventDataSchemas = {
  'member.joined': z.object({
    member: z.object({
      id: z.string(),
      email: z.string().nullable(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      role: z.enum(ROLES),
    }),
    via: z.enum(MEMBER_JOINED_VIA),
  }),
  'project.created': z.object({
    project: z.object({
      id: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      /** open: every member sees it; teams or invite: only some do (a channel is posted open projects only). */
      audience: z.enum(PROJECT_AUDIENCES),
      starts_at: isoString.nullable(),
      ends_at: isoString.nullable(),
    }),
    created_by: z.string().nullable(),
  }),
  'activity.created': z.object({
    activity: z.object({
      id: z.string(),
      project_id: z.string(),
      title: z.string(),
      type: z.string(),
      points: z.number().int(),
      due_at: isoString.nullable(),
    }),
    project: z.object({ name: z.string(), audience: z.enum(PROJECT_AUDIENCES) }),
    created_by: z.string().nullable(),
  }),
  'participation.submitted': z.object({
    participation: z.object({
      id: z.string(),
      activity_id: z.string(),
      project_id: z.string(),
      member_id: z.string(),
      /** pending: waits for review (Brand Content); completed: done, its points awarded. */
      status: z.enum(['pending', 'completed']),
      points_awarded: z.number().int(),
    }),
  }),
  'participation.approved': z.object({
    participation: z.object({
      id: z.string(),
      activity_id: z.string(),
      project_id: z.string(),
      member_id: z.string(),
      status: z.literal('approved'),
      points_awarded: z.number().int(),
    }),
    reviewer_id: z.string(),
  }),
  'share.clicked': z.object({
    share: z.object({
      id: z.string(),
      activity_id: z.string(),
      member_id: z.string(),
      /** The network it was shared to (linkedin, facebook…). */
      channel: z.string(),
      /** Visitors of the tracked link so far, this one included (each counts once). */
      clicks: z.number().int(),
    }),
  }),
  'badge.earned': z.object({
    badge: z.object({
      id: z.string(),
      name: z.string(),
      /** 0 for a badge without tiers (or a manual one), else 1 bronze, 2 silver, 3 gold. */
      tier: z.number().int(),
    }),
    member_id: z.string(),
    /** The admin who awarded it by hand; null when its criterion awarded it. */
    awarded_by: z.string().nullable(),
  }),
  /** Every Monday at 09:00 UTC: the week that just ended (ISO Monday to Sunday, UTC) and its top members. */
  'leaderboard.weekly': z.object({
    week: z.object({ start: z.string(), end: z.string() }),
    leaders: z.array(
      z.object({
        rank: z.number().int(),
        member_id: z.string(),
        /** As the leaderboard shows them (SPEC 6's display name). */
        name: z.string(),
        points: z.number().int(),
      }),
    ),
  }),
} as const satisfies Record<WebhookEventType, z.ZodType>;
export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof WebhookEventDataSchemas)[T]>;

/** The `data` of the test ping. */
export const WebhookTestDataSchema = z.object({ webhook_id: z.string(), message: z.string() });

/** The JSON body of a delivery (what the signature covers, byte for byte). */
export const WebhookPayloadSchema = z.object({
  type: z.string(),
  /** When the event happened (ISO 8601). */
  timestamp: isoString,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;
