import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { type BadgeRecord, insertBadge, type NewBadge, updateBadge } from '../badges.repository.ts';
import { startRecompute } from './recompute-badge.ts';

/** Adds a badge; one awarded by a criterion is then computed for every member in the background. */
export async function createBadge(db: Db, { clientId, badge }: { clientId: string; badge: NewBadge }) {
  return withTransaction(db, async (tx) => {
    const id = await insertBadge(tx, { clientId, badge });
    if (badge.criterion && badge.criterion !== 'manual') await startRecompute(tx, { clientId, badgeId: id });
    return id;
  });
}

const sameRule = (a: BadgeRecord, b: Partial<NewBadge>) =>
  (b.criterion ?? a.criterion) === a.criterion &&
  (b.period === undefined ? a.period : b.period) === a.period &&
  (b.activityType === undefined ? a.activityType : b.activityType) === a.activityType &&
  (b.thresholds ?? a.thresholds).join(',') === a.thresholds.join(',');

/**
 * Changes a badge. A changed criterion or target, or a restored badge, recomputes every member in the background
 * (awarding what is now reached, revoking what no longer is); a rename or archiving does not.
 */
export async function changeBadge(
  db: Db,
  { clientId, badge, set }: { clientId: string; badge: BadgeRecord; set: Partial<NewBadge> },
) {
  await withTransaction(db, async (tx) => {
    await updateBadge(tx, { clientId, id: badge.id, set });
    const criterion = set.criterion ?? badge.criterion;
    const archived = set.archivedAt === undefined ? badge.archivedAt : set.archivedAt;
    const restored = badge.archivedAt !== null && set.archivedAt === null;
    if (criterion !== 'manual' && !archived && (!sameRule(badge, set) || restored)) {
      await startRecompute(tx, { clientId, badgeId: badge.id });
    }
  });
}
