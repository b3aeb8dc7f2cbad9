import {
  BADGE_TIERS,
  type BadgeCriterion,
  type BadgeRule,
  type BadgeTier,
  describeBadgeTarget,
} from '@rally/shared';

/** The stored part of a badge the rules read. */
export interface BadgeRuleRow {
  criterion: string;
  period: string | null;
  activityType: string | null;
  thresholds: number[];
}

export const ruleOf = (b: BadgeRuleRow): BadgeRule => ({
  criterion: b.criterion as BadgeCriterion,
  period: b.period as BadgeRule['period'],
  activity_type: b.activityType as BadgeRule['activity_type'],
  thresholds: b.thresholds,
});

/** Stored tier number → name: 0 is an untiered badge. */
export const tierName = (tier: number): BadgeTier | null => BADGE_TIERS[tier - 1] ?? null;

/** Whether a badge has bronze, silver and gold targets. */
export const isTiered = (b: BadgeRuleRow) => b.thresholds.length === 3;

/** The member figure (a key of findMemberMetrics) a badge's criterion counts; null for manual badges. */
export function metricOf(b: BadgeRuleRow): string | null {
  switch (b.criterion) {
    case 'points':
      return `points:${b.period ?? 'all'}`;
    case 'activities':
      return b.activityType ? `activities:${b.activityType}` : 'activities';
    case 'trainings':
      return 'activities:training';
    case 'first_brand_content':
      return 'activities:content_submission';
    case 'first_share':
      return 'shares';
    case 'shares':
    case 'clicks':
    case 'streak':
    case 'projects':
      return b.criterion;
    default:
      return null;
  }
}

/** Each tier (0 untiered, 1–3) with its target. */
export const targetsOf = (b: BadgeRuleRow): { tier: number; target: number }[] =>
  isTiered(b)
    ? b.thresholds.map((target, i) => ({ tier: i + 1, target }))
    : [{ tier: 0, target: b.thresholds[0] ?? 1 }];

/** The tiers a member with `value` qualifies for. */
export const qualifyingTiers = (b: BadgeRuleRow, value: number): number[] =>
  targetsOf(b)
    .filter((t) => value >= t.target)
    .map((t) => t.tier);

/** What reaching a tier means, as the reason of an automatic award: "10 shares". */
export const reasonOf = (b: BadgeRuleRow, tier: number): string => {
  const target = targetsOf(b).find((t) => t.tier === tier)?.target ?? 1;
  return describeBadgeTarget(ruleOf(b), target);
};

/**
 * Progress to the next target the member has not earned ("7 of 10 shares"); null when every tier is earned or the
 * badge is manual.
 */
export function progressOf(b: BadgeRuleRow, value: number, earnedTiers: number[]) {
  if (metricOf(b) === null) return null;
  const next = targetsOf(b).find((t) => !earnedTiers.includes(t.tier));
  if (!next) return null;
  const current = Math.max(0, Math.min(value, next.target));
  const what = describeBadgeTarget(ruleOf(b), next.target);
  return {
    current,
    target: next.target,
    tier: tierName(next.tier),
    label:
      b.criterion === 'first_share' || b.criterion === 'first_brand_content' ? what : `${current} of ${what}`,
  };
}
