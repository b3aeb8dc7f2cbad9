import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { getActivityBlocker } from '../projects/projects.policy.ts';
import { getMemberActivity } from '../projects/projects.repository.ts';

/**
 * The activity with its project's state for the member (one query), and why they cannot take part now (or null);
 * 404 when the member cannot see it. Shared by the activity's own routes and its tracked shares.
 */
export async function loadMemberActivity(
  db: Db,
  q: { clientId: string; userId: string; activityId: string },
) {
  const activity = await getMemberActivity(db, q);
  if (!activity) throw notFound('Activity not found');
  return { activity, blocker: getActivityBlocker(activity) };
}
