import type { Db } from '../../../db/client.ts';
import { addActiveMinute } from '../users.repository.ts';

/**
 * A member's active-time ping (POST /api/time): each credits one minute, at most once per 50 s, so extra tabs or
 * retries cannot inflate the time. Answers today's seconds.
 */
export async function recordTime(db: Db, { clientId, userId }: { clientId: string; userId: string }) {
  return { seconds_today: await addActiveMinute(db, { clientId, userId }) };
}
