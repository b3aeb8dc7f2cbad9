import type { Db } from '../../../db/client.ts';
import { addTrainingMinute, creditActiveMinute } from '../users.repository.ts';

/**
 * A member's active-time ping (POST /api/time): each credits one minute, at most once per 50 s, so extra tabs or
 * retries cannot inflate the time; a credited minute sent from a training's page also counts as time on that
 * training (the trainings report's time spent). Answers today's seconds.
 */
export async function recordTime(
  db: Db,
  { clientId, userId, activityId }: { clientId: string; userId: string; activityId?: string },
) {
  const { seconds, isCredited } = await creditActiveMinute(db, { clientId, userId });
  if (isCredited && activityId) await addTrainingMinute(db, { clientId, userId, activityId });
  return { seconds_today: seconds };
}
