import { type AdminBadge, type Badge, getDisplayName, type Stats } from '@rally/shared';
import type { AdminBadgeRow, AwardRow, BadgeRecord, HolderRow } from './badges.repository.ts';
import { isTiered, metricOf, progressOf, reasonOf, ruleOf, tierName } from './badges.rules.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

/** A badge as the admin edits it: one threshold, or bronze/silver/gold tiers. */
export function presentAdminBadge(row: AdminBadgeRow): AdminBadge {
  const rule = ruleOf(row);
  const [bronze, silver, gold] = row.thresholds;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image_url: row.imageUrl,
    hidden: row.hidden,
    criterion: rule.criterion,
    period: rule.period,
    activity_type: rule.activity_type,
    threshold: isTiered(row) || metricOf(row) === null ? null : (row.thresholds[0] ?? null),
    tiers: isTiered(row) ? { bronze: bronze!, silver: silver!, gold: gold! } : null,
    summary: reasonOf(row, isTiered(row) ? 1 : 0),
    position: row.position,
    archived: row.archivedAt !== null,
    earned_count: row.earnedCount,
    recompute_percent:
      row.recomputeTotal === null
        ? null
        : Math.min(99, Math.floor((100 * row.recomputeDone) / Math.max(1, row.recomputeTotal))),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** How far a badge's recomputation is (GET /api/admin/badges/{id}/recompute); done when none runs. */
export function presentRecompute(row: Pick<BadgeRecord, 'recomputeTotal' | 'recomputeDone'>) {
  if (row.recomputeTotal === null) {
    return { running: false, done: row.recomputeDone, total: row.recomputeDone, percent: 100 };
  }
  const total = Math.max(row.recomputeTotal, row.recomputeDone);
  return {
    running: true,
    done: row.recomputeDone,
    total,
    percent: Math.min(99, Math.floor((100 * row.recomputeDone) / Math.max(1, total))),
  };
}

/**
 * GET /api/stats from stored state: earned badges (highest tier, with date and reason, newest first, and progress to
 * the next tier) and the ones still to earn with progress, next-up first (closest to its target); hidden badges
 * appear only once earned.
 */
export function presentStats(
  list: BadgeRecord[],
  awards: AwardRow[],
  metrics: Record<string, number>,
): Stats {
  const earned: Badge[] = [];
  const unearned: (Badge & { ratio: number })[] = [];
  for (const b of list) {
    const mine = awards.filter((a) => a.badge_id === b.id);
    const metric = metricOf(b);
    const progress = progressOf(
      b,
      metric ? (metrics[metric] ?? 0) : 0,
      mine.map((a) => a.tier),
    );
    const base = {
      id: b.id,
      name: b.name,
      description: b.description,
      image_url: b.imageUrl,
      criterion: ruleOf(b).criterion,
      period: ruleOf(b).period,
      activity_type: ruleOf(b).activity_type,
      progress,
    };
    const top = mine.reduce<AwardRow | undefined>(
      (best, a) => (!best || a.tier > best.tier ? a : best),
      undefined,
    );
    if (top) {
      earned.push({ ...base, earned_at: iso(top.created_at), tier: tierName(top.tier), reason: top.reason });
    } else if (!b.hidden) {
      const ratio = progress ? progress.current / progress.target : -1;
      unearned.push({ ...base, earned_at: null, tier: null, reason: null, ratio });
    }
  }
  earned.sort((a, b) => b.earned_at!.localeCompare(a.earned_at!));
  // Stable sort: equal ratios keep the admin's order.
  unearned.sort((a, b) => b.ratio - a.ratio);
  return { earnedBadges: earned, unearnedBadges: unearned.map(({ ratio: _r, ...b }) => b) };
}

/** A page of a badge's holders: display names by SPEC 6's rule, never the email itself. */
export function presentHolders(rows: HolderRow[], limit: number) {
  const page = rows.slice(0, limit);
  return {
    awards: page.map((r) => ({
      user: { id: r.id, display_name: getDisplayName(r), image_url: r.image_url },
      tier: tierName(Number(r.tier)),
      reason: r.reason,
      earned_at: iso(r.earned_at),
      manual: r.awarded_by !== null,
    })),
    next_cursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** One award, as POST …/awards answers it. */
export const presentAward = (award: AwardRow, userId: string) => ({
  badge_id: award.badge_id,
  user_id: userId,
  tier: tierName(award.tier),
  reason: award.reason,
  earned_at: iso(award.created_at),
});
