import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { queueForReview } from '../../safety/safety.ts';
import { hasPendingReport } from '../chat-messages.repository.ts';

/** The check recorded with a member's report in the moderation queue (with their reason, when given). */
export const REPORTED = 'reported by a member';

/**
 * A member reports a message: it joins the Brand Safety queue (kind chat) for the admins, stays as it is meanwhile,
 * and is queued once however many report it while a report of it waits.
 */
export async function reportMessage(
  ctx: AppContext,
  input: {
    clientId: string;
    message: { id: string; author_id: string | null; body: string };
    reason?: string;
  },
): Promise<void> {
  const { clientId, message } = input;
  await withTransaction(ctx.db, async (tx) => {
    if (await hasPendingReport(tx, { clientId, messageId: message.id })) return;
    await queueForReview(tx, {
      clientId,
      targetKind: 'chat',
      targetId: message.id,
      authorId: message.author_id,
      text: message.body,
      matches: [input.reason ? `${REPORTED}: ${input.reason}` : REPORTED],
      isHeld: false,
    });
  });
}
