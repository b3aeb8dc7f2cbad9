import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { insertGhostUser, scheduleGuestCleanup } from '../guests.repository.ts';

/**
 * POST /api/guests: a ghost user of the client (no email), with the daily cleanup of idle guests scheduled
 * in the same transaction when none is pending. Answers the user to start a session for.
 */
export async function createGuest(ctx: AppContext, { clientId }: { clientId: string }) {
  return withTransaction(ctx.db, async (tx) => {
    const user = await insertGhostUser(tx, { clientId });
    await scheduleGuestCleanup(tx);
    return user;
  });
}
