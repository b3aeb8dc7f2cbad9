import { z } from 'zod';
import { SOCIAL_CHANNELS } from '../constants/domain.ts';

/** POST /api/activities/{id}/shares: prepares the member's tracked link before sharing. */
export const CreateShareRequestSchema = z.object({
  channel: z.enum(SOCIAL_CHANNELS, { message: `channel must be one of ${SOCIAL_CHANNELS.join(', ')}` }),
  /** The text as the member edited it; checked against the channel's limit. */
  text: z.string().max(63206),
});
export const ShareSchema = z.object({
  id: z.string(),
  url: z.string(),
  channel: z.string(),
  text: z.string(),
  clicks: z.number().int(),
});
export const ShareResponseSchema = z.object({ share: ShareSchema });

/** POST /api/shares/{id}/complete: the member says they posted it. */
export const CompleteShareRequestSchema = z.object({
  post_url: z
    .string()
    .trim()
    .max(2048)
    .refine(
      (v) => v === '' || /^https?:\/\/\S+\.\S+/.test(v),
      'Post URL must be a web address starting with http:// or https://',
    )
    .optional(),
});
