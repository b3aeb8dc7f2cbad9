import { ShareResponseSchema, type SocialChannel } from '@rally/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/** A prepared share with the member's tracked link (`url`, an absolute /p/{id} link). */
export type Share = z.infer<typeof ShareResponseSchema>['share'];

/**
 * POST /api/activities/{id}/shares: records the text the member is about to post and answers the tracked
 * link. 400 when the text is empty, over the channel's limit or has unfilled placeholders; 409 when the
 * member can't take part.
 */
export async function createShare(
  activityId: string,
  input: { channel: SocialChannel; text: string },
): Promise<Share> {
  const { share } = await api.post(`/api/activities/${encodeURIComponent(activityId)}/shares`, input, {
    schema: ShareResponseSchema,
  });
  return share;
}
