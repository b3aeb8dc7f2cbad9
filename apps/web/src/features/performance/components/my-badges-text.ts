import type { Badge } from '@rally/shared';
import type { TFunction } from 'i18next';

/** A badge's rule and progress as the texts read them. */
type Texted = Pick<Badge, 'criterion' | 'period' | 'activity_type' | 'progress'>;

/** The i18n key (under myBadges.progress) of a counted criterion's "7 of 10 shares". */
function progressKey(badge: Texted): string {
  if (badge.criterion === 'points')
    return badge.period === 'all' ? 'points' : `points_${badge.period ?? 'all'}`;
  if (badge.criterion === 'activities' && badge.activity_type) return 'activitiesOfType';
  return badge.criterion;
}

/**
 * What stands between the member and the badge's next target, in words pluralised by i18next: "7 of 10 shares",
 * "1 of 2 completed Brand Content activities", "120 of 500 points in a week"; a first-of badge says what to do
 * first. Null when nothing is left to earn or an admin awards it.
 */
export function badgeProgressText(t: TFunction, badge: Texted): string | null {
  const progress = badge.progress;
  if (!progress) return null;
  if (badge.criterion === 'first_share' || badge.criterion === 'first_brand_content') {
    return t(`myBadges.progress.${badge.criterion}`);
  }
  const text = t(`myBadges.progress.${progressKey(badge)}`, {
    current: progress.current,
    count: progress.target,
    type: badge.activity_type ? t(`activityTypes.${badge.activity_type}`) : '',
  });
  return progress.tier ? t('myBadges.forTier', { text, tier: t(`myBadges.tiers.${progress.tier}`) }) : text;
}

/** How close the badge is to its next target, 0–1; -1 when it has no counted target (awarded by an admin). */
export const badgeRatio = (badge: Pick<Badge, 'progress'>) =>
  badge.progress ? badge.progress.current / Math.max(1, badge.progress.target) : -1;

/** Still-to-earn badges next-up first (closest to completion; equal ones keep the admin's order). */
export const sortNextUp = <T extends Pick<Badge, 'progress'>>(badges: readonly T[]): T[] =>
  [...badges].sort((a, b) => badgeRatio(b) - badgeRatio(a));

/** Earned badges, the newest first. */
export const sortEarned = <T extends Pick<Badge, 'earned_at'>>(badges: readonly T[]): T[] =>
  [...badges].sort((a, b) => (b.earned_at ?? '').localeCompare(a.earned_at ?? ''));
