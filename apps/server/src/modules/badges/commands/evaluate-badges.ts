import type { Db } from '../../../db/client.ts';
import { notify } from '../../notifications/notify.ts';
import { emitWebhookEvent } from '../../webhooks/webhooks.events.ts';
import {
  deleteAwards,
  findAutoBadges,
  findMemberAwards,
  findMemberMetrics,
  findMemberOfClient,
  insertAward,
  lockMemberBadges,
} from '../badges.repository.ts';
import { metricOf, qualifyingTiers, reasonOf, tierName } from '../badges.rules.ts';
import { celebrateAward, withdrawCelebrations } from './celebrate-badge.ts';

/** The in-app notification (and push) of a newly earned badge, and its badge.earned event for the webhooks. */
export async function notifyBadgeEarned(
  db: Db,
  a: {
    clientId: string;
    userId: string;
    badgeId: string;
    name: string;
    tier: number;
    reason: string;
    actorId?: string | null;
  },
) {
  await emitWebhookEvent(db, {
    clientId: a.clientId,
    type: 'badge.earned',
    data: {
      badge: { id: a.badgeId, name: a.name, tier: a.tier },
      member_id: a.userId,
      awarded_by: a.actorId ?? null,
    },
  });
  const tier = tierName(a.tier);
  await notify(db, {
    clientId: a.clientId,
    kind: 'badge_earned',
    to: { users: [a.userId] },
    actorId: a.actorId ?? null,
    title: `You earned the ${a.name} badge${tier ? ` (${tier[0]!.toUpperCase()}${tier.slice(1)})` : ''}`,
    // The reason stays as written (an admin's words, or the badge's target in English).
    body: a.reason,
    message: { key: tier ? `badge_earned_${tier}` : 'badge_earned', params: { badge: a.name } },
    link: '/performance/badges',
  });
}

/**
 * Brings a member's automatic badges in line with their stored figures (counters and rollups, never raw events):
 * awards each tier reached once (unique per member, badge and tier, so parallel jobs award once), revokes with a
 * record the tiers whose source was reversed (taking their feed celebrations down), notifies the member of the highest
 * tier newly earned per badge and celebrates it in the feed (not when catching up in a recomputation).
 * Manual awards are never touched. Runs inside the caller's transaction; `badgeId` limits it to one badge.
 * Answers how many tiers it awarded.
 */
export async function evaluateBadges(
  db: Db,
  {
    clientId,
    userId,
    badgeId,
    quiet = false,
    isBackfill = false,
  }: {
    clientId: string;
    userId: string;
    badgeId?: string /** No notification (demo seeding). */;
    quiet?: boolean;
    /** A recomputation catching up on the past: no feed celebrations (they would flood the feed at once). */
    isBackfill?: boolean;
  },
): Promise<number> {
  await lockMemberBadges(db, { clientId, userId });
  if (!(await findMemberOfClient(db, { clientId, userId }))) return 0;
  const list = await findAutoBadges(db, { clientId, badgeId });
  if (list.length === 0) return 0;
  const metrics = await findMemberMetrics(db, { clientId, userId });
  const held = await findMemberAwards(db, { clientId, userId });
  let awarded = 0;
  for (const badge of list) {
    const metric = metricOf(badge);
    if (!metric) continue;
    const reached = qualifyingTiers(badge, metrics[metric] ?? 0);
    const mine = held.filter((a) => a.badge_id === badge.id);
    const newTiers: number[] = [];
    let topEvent: { tier: number; eventId: string } | null = null;
    for (const tier of reached) {
      if (mine.some((a) => a.tier === tier)) continue;
      const reason = reasonOf(badge, tier);
      const eventId = await insertAward(db, { clientId, badgeId: badge.id, userId, tier, reason });
      if (!eventId) continue;
      newTiers.push(tier);
      if (!topEvent || tier > topEvent.tier) topEvent = { tier, eventId };
    }
    // One celebration per badge and event: the highest tier it reached.
    if (topEvent && !quiet && !isBackfill) await celebrateAward(db, { clientId, userId, badge, ...topEvent });
    const lost = mine.filter((a) => a.awarded_by === null && !reached.includes(a.tier)).map((a) => a.tier);
    const taken = await deleteAwards(db, {
      clientId,
      badgeId: badge.id,
      userId,
      tiers: lost,
      reason: 'No longer reached: a participation or share it counted was reversed, or its criterion changed',
    });
    await withdrawCelebrations(db, { clientId, badgeId: badge.id, userId, tiers: taken });
    awarded += newTiers.length;
    if (newTiers.length > 0 && !quiet) {
      const top = Math.max(...newTiers);
      await notifyBadgeEarned(db, {
        clientId,
        userId,
        badgeId: badge.id,
        name: badge.name,
        tier: top,
        reason: reasonOf(badge, top),
      });
    }
  }
  return awarded;
}
