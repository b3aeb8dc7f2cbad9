import {
  countPostCharacters,
  findPlaceholders,
  getPostCharacterLimit,
  type SocialChannel,
} from '@rally/shared';
import type { Db } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { buildActivityContent } from '../../activities/activities.content.ts';
import { queueIfFlagged, screenMemberText } from '../../safety/safety.ts';
import { findActivityShares, type ShareRow, upsertShare } from '../shares.repository.ts';

export interface CreateShareInput {
  clientId: string;
  userId: string;
  /** A Personal Page activity the member may take part in now. */
  activity: { id: string; type: string; config: Record<string, unknown> };
  client: { id: string; channels: SocialChannel[] };
  channel: SocialChannel;
  text: string;
}

/**
 * Records the member's tracked share of a Personal Page post, or answers the link they already have for this
 * post and network (a re-share reuses it): the channel must be offered for the post and the
 * text fit it with every placeholder filled in. Flagged text goes to a moderator but is not held (the member
 * posts it on their own network).
 */
export async function createShare(db: Db, input: CreateShareInput): Promise<ShareRow> {
  const { channel, text } = input;
  const content = await buildActivityContent(db, input.activity, input.client);
  if (content.type !== 'social_post' || !content.channels.includes(channel)) {
    throw badRequest(`channel ${channel} is not offered for this post`);
  }
  const trimmed = text.trim();
  if (trimmed === '') throw badRequest('Text is required');
  const limit = getPostCharacterLimit(channel);
  if (countPostCharacters(trimmed) > limit)
    throw badRequest(`Text must be ${limit} characters or less for ${channel}`);
  const missing = findPlaceholders(trimmed);
  if (missing.length > 0)
    throw badRequest(`Fill in every placeholder: ${missing.map((m) => `[[${m}]]`).join(', ')}`);
  const verdict = await screenMemberText(db, input.clientId, 'Text', trimmed);
  const key = { clientId: input.clientId, userId: input.userId, activityId: input.activity.id };
  const before = (await findActivityShares(db, key)).find((s) => s.channel === channel);
  const share = await upsertShare(db, { ...key, channel, text: trimmed });
  if (!share) throw notFound('Activity not found');
  // The member posts it on their own network, so nothing can be held; a moderator still sees any new text.
  if (share.isNew || before?.text !== share.text) {
    await queueIfFlagged(db, verdict, {
      clientId: input.clientId,
      targetKind: 'share',
      targetId: share.id,
      authorId: input.userId,
      text: trimmed,
      isHeld: false,
    });
  }
  return share;
}
