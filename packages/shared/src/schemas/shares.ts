import { z } from 'zod';
import { SOCIAL_CHANNELS } from '../constants/domain.ts';
import { isoString, ListQuerySchema } from './common.ts';

/** POST /api/activities/{id}/shares: prepares the member's tracked link before sharing. */
export const CreateShareRequestSchema = z.object({
  channel: z.enum(SOCIAL_CHANNELS, { message: `channel must be one of ${SOCIAL_CHANNELS.join(', ')}` }),
  /** The text as the member edited it; checked against the channel's limit. */
  text: z.string().max(63206),
});
/** A member's tracked link of one activity on one network: a re-share answers the same one. */
export const ShareSchema = z.object({
  id: z.string(),
  url: z.string(),
  channel: z.string(),
  text: z.string(),
  clicks: z.number().int(),
  /** When the member confirmed they posted it; null while it waits for their confirmation. */
  shared_at: isoString.nullable(),
  post_url: z.string().nullable(),
});
export type Share = z.infer<typeof ShareSchema>;
export const ShareResponseSchema = z.object({ share: ShareSchema });
/** GET /api/activities/{id}/shares: the member's own links of the activity, newest first. */
export const ActivitySharesResponseSchema = z.object({ shares: z.array(ShareSchema) });

/**
 * An http(s) web address of at most 2048 characters (trimmed; empty only with `allowEmpty`); `label` names the
 * field in the message. No transform: response schemas use it too, and they must stay expressible as JSON Schema.
 */
export const webUrl = (label: string, { allowEmpty = false } = {}) =>
  z
    .string()
    .trim()
    .max(2048, `${label} must be 2048 characters or less`)
    .refine(
      (v) => (allowEmpty && v === '') || /^https?:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/i.test(v),
      `${label} must be a web address starting with http:// or https://`,
    );

/** POST /api/shares/{id}/complete: the member says they posted it. */
export const CompleteShareRequestSchema = z.object({
  post_url: webUrl('Post URL', { allowEmpty: true }).optional(),
});

/** Where a share stands for the member (My Posts). */
export const MY_POST_STATUSES = [
  'pending_confirmation',
  'shared',
  'pending_review',
  'verified',
  'rejected',
] as const;
export type MyPostStatus = (typeof MY_POST_STATUSES)[number];
/** Periods of My Posts' filter: the last 7, 30 or 90 days, this calendar year (UTC), or all time. */
export const MY_POST_PERIODS = ['7d', '30d', '90d', 'year', 'all'] as const;
export type MyPostPeriod = (typeof MY_POST_PERIODS)[number];

/** GET /api/me/shares: SPEC 7 paging plus the network, project and period filters. */
export const MyPostsQuerySchema = ListQuerySchema.extend({
  channel: z
    .enum(SOCIAL_CHANNELS, { message: `channel must be one of ${SOCIAL_CHANNELS.join(', ')}` })
    .optional(),
  project_id: z.uuid({ message: 'project_id must be a project id' }).optional(),
  period: z
    .enum(MY_POST_PERIODS, { message: `period must be one of ${MY_POST_PERIODS.join(', ')}` })
    .default('all'),
});
export type MyPostsQuery = z.infer<typeof MyPostsQuerySchema>;

export const MyPostSchema = ShareSchema.extend({
  created_at: isoString,
  status: z.enum(MY_POST_STATUSES),
  /** Points the activity's participation earned (0 for a second network of the same post, or while pending). */
  points: z.number().int(),
  /** The post's first creative, for the thumbnail. */
  creative: z.object({ url: z.string(), kind: z.enum(['image', 'video']) }).nullable(),
  activity: z.object({ id: z.string(), title: z.string() }),
  project: z.object({ id: z.string(), name: z.string() }),
  /** Whether the member can still confirm it (pending, and the activity still open to them). */
  can_confirm: z.boolean(),
});
export type MyPost = z.infer<typeof MyPostSchema>;
export const MyPostsResponseSchema = z.object({
  shares: z.array(MyPostSchema),
  next_cursor: z.string().nullable(),
});
export type MyPostsResponse = z.infer<typeof MyPostsResponseSchema>;
