import { getDisplayName, hasFeature } from '@rally/shared';
import type { Db } from '../../../db/client.ts';
import { tierName } from '../badges.rules.ts';
import {
  findCelebrationContext,
  insertCelebrationPost,
  removeCelebrationPosts,
} from '../celebrations.repository.ts';

/** The member as the celebration names them: never their email, which the feed does not show. */
function memberName(ctx: Parameters<typeof getDisplayName>[0]) {
  const name = getDisplayName({ ...ctx, email: null });
  return name === 'Unknown' ? 'A member' : name;
}

/**
 * Celebrates a new award in the community feed: a system post attributed to the member ("Dana earned the
 * Sharer badge (Gold)"), worth no points, once per award. Only for a badge members can see (not hidden until
 * earned) and a client whose community has a client-wide feed.
 */
export async function celebrateAward(
  db: Db,
  a: {
    clientId: string;
    userId: string;
    badge: { name: string; hidden: boolean };
    tier: number;
    /** The award's badge_events row. */
    eventId: string;
  },
): Promise<boolean> {
  if (a.badge.hidden) return false;
  const ctx = await findCelebrationContext(db, { clientId: a.clientId, userId: a.userId });
  if (!ctx || !hasFeature(ctx.features, 'community') || ctx.community_variant === 'white_label') return false;
  const tier = tierName(a.tier);
  const suffix = tier ? ` (${tier[0]!.toUpperCase()}${tier.slice(1)})` : '';
  return insertCelebrationPost(db, {
    clientId: a.clientId,
    authorId: a.userId,
    sourceId: a.eventId,
    body: `${memberName(ctx)} earned the ${a.badge.name} badge${suffix}`,
  });
}

/** Takes down the celebrations of revoked tiers: a revocation removes what the award put in the feed. */
export async function withdrawCelebrations(
  db: Db,
  r: { clientId: string; badgeId: string; userId: string; tiers: number[]; actorId?: string | null },
): Promise<number> {
  return removeCelebrationPosts(db, { ...r, removedBy: r.actorId ?? null });
}
