import type { Badge } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { Badge as Pill } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { formatDate } from '../../../utils/format-date';
import { MyBadgeImage } from './my-badges-image';
import { badgeProgressText } from './my-badges-text';

/** A bar and its words: how far the member is toward the badge's next target. */
function ProgressLine({ badge }: { badge: Badge }) {
  const { t } = useTranslation();
  const text = badgeProgressText(t, badge);
  if (!text || !badge.progress) return null;
  const { current, target } = badge.progress;
  const percent = Math.round((100 * Math.min(current, target)) / Math.max(1, target));
  return (
    <div className="mt-3 w-full">
      <div
        role="progressbar"
        aria-label={t('myBadges.progressLabel', { name: badge.name })}
        aria-valuemin={0}
        aria-valuemax={target}
        aria-valuenow={Math.min(current, target)}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1.5 text-xs text-slate-700">{text}</p>
    </div>
  );
}

/** One badge of My Badges: earned (when, tier, why, and the way to the next tier) or still to earn (progress). */
export function MyBadgeTile({ badge }: { badge: Badge }) {
  const { t, i18n } = useTranslation();
  const isEarned = badge.earned_at !== null;
  const tier = badge.tier ? t(`myBadges.tiers.${badge.tier}`) : null;
  const alt = tier
    ? t('myBadges.imageAltTier', { name: badge.name, tier })
    : t('myBadges.imageAlt', { name: badge.name });
  return (
    <Card className="flex h-full flex-col items-center p-4 text-center">
      <MyBadgeImage name={badge.name} imageUrl={badge.image_url} alt={alt} isEarned={isEarned} />
      <h3 className="mt-3 text-sm font-semibold text-slate-900">{badge.name}</h3>
      {tier && (
        <Pill tone="brand" className="mt-1">
          {tier}
        </Pill>
      )}
      {badge.description && <p className="mt-1 text-xs text-slate-600">{badge.description}</p>}
      {isEarned && badge.earned_at && (
        <p className="mt-2 text-xs text-slate-700">
          {t('myBadges.earnedOn', { date: formatDate(badge.earned_at, i18n.language) })}
        </p>
      )}
      {isEarned && badge.reason && (
        <p className="mt-0.5 text-xs text-slate-600">{t('myBadges.reason', { reason: badge.reason })}</p>
      )}
      {!isEarned && badge.criterion === 'manual' && (
        <p className="mt-2 text-xs text-slate-600">{t('myBadges.manual')}</p>
      )}
      <ProgressLine badge={badge} />
    </Card>
  );
}
