import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { emitWebhookEvent } from '../../webhooks/webhooks.events.ts';
import { incrementShareClicks, insertShareClick } from '../shares.repository.ts';

/** Counts a visitor of a share's public page as a click, once per visitor, and emits share.clicked to webhooks. */
export async function countShareVisit(
  db: Db,
  input: { clientId: string; shareId: string; visitorHash: string },
): Promise<void> {
  await withTransaction(db, async (tx) => {
    if (!(await insertShareClick(tx, input))) return;
    const share = await incrementShareClicks(tx, { clientId: input.clientId, shareId: input.shareId });
    if (!share) return;
    await emitWebhookEvent(tx, {
      clientId: input.clientId,
      type: 'share.clicked',
      data: {
        share: {
          id: share.id,
          activity_id: share.activityId,
          member_id: share.userId,
          channel: share.channel,
          clicks: share.clicks,
        },
      },
    });
  });
}
