import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import {
  type BadgeRecord,
  deleteAwards,
  findMemberAwards,
  findMemberOfClient,
  insertAward,
  lockMemberBadges,
} from '../badges.repository.ts';
import { celebrateAward, withdrawCelebrations } from './celebrate-badge.ts';
import { notifyBadgeEarned } from './evaluate-badges.ts';

async function checkManual(db: Db, badge: BadgeRecord, clientId: string, userId: string) {
  if (badge.criterion !== 'manual')
    throw badRequest('This badge is awarded by its criterion; only a manual badge is awarded by hand');
  if (!(await findMemberOfClient(db, { clientId, userId }))) throw notFound('Member not found');
}

/** An admin awards a manual badge to a member with a reason; the member is notified, and the feed celebrates it. */
export async function awardBadgeByHand(
  db: Db,
  a: { clientId: string; badge: BadgeRecord; userId: string; reason: string; adminId: string },
) {
  await checkManual(db, a.badge, a.clientId, a.userId);
  if (a.badge.archivedAt) throw badRequest('This badge is archived; restore it to award it');
  return withTransaction(db, async (tx) => {
    await lockMemberBadges(tx, { clientId: a.clientId, userId: a.userId });
    const added = await insertAward(tx, {
      clientId: a.clientId,
      badgeId: a.badge.id,
      userId: a.userId,
      tier: 0,
      reason: a.reason,
      awardedBy: a.adminId,
    });
    if (!added) throw conflict('This member already has this badge', 'already_awarded');
    await celebrateAward(tx, {
      clientId: a.clientId,
      userId: a.userId,
      badge: a.badge,
      tier: 0,
      eventId: added,
    });
    await notifyBadgeEarned(tx, {
      clientId: a.clientId,
      userId: a.userId,
      badgeId: a.badge.id,
      name: a.badge.name,
      tier: 0,
      reason: a.reason,
      actorId: a.adminId,
    });
    const awards = await findMemberAwards(tx, { clientId: a.clientId, userId: a.userId });
    return awards.find((w) => w.badge_id === a.badge.id && w.tier === 0)!;
  });
}

/** An admin takes a manual badge back with a reason (recorded in badge_events); its celebration comes down. */
export async function revokeBadgeByHand(
  db: Db,
  r: { clientId: string; badge: BadgeRecord; userId: string; reason: string; adminId: string },
) {
  await checkManual(db, r.badge, r.clientId, r.userId);
  await withTransaction(db, async (tx) => {
    await lockMemberBadges(tx, { clientId: r.clientId, userId: r.userId });
    const taken = await deleteAwards(tx, {
      clientId: r.clientId,
      badgeId: r.badge.id,
      userId: r.userId,
      tiers: [0],
      reason: r.reason,
      actorId: r.adminId,
    });
    if (taken.length === 0) throw notFound('This member does not have this badge');
    await withdrawCelebrations(tx, {
      clientId: r.clientId,
      badgeId: r.badge.id,
      userId: r.userId,
      tiers: taken,
      actorId: r.adminId,
    });
  });
}
