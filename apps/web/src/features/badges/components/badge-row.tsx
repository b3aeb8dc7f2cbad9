import type { AdminBadge } from '@rally/shared';
import type { TFunction } from 'i18next';
import { ArrowDown, ArrowUp, Pencil, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge as Pill } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { BadgePicture } from './badge-picture';

interface BadgeRowProps {
  badge: AdminBadge;
  /** Whether the ADMIN may change it (an ANALYST only reads). */
  canManage: boolean;
  isFirst: boolean;
  isLast: boolean;
  isMoving: boolean;
  onMove: (direction: -1 | 1) => void;
  onEdit: () => void;
  onOpen: () => void;
  onArchive: () => void;
  onRestore: () => void;
}

/** "Points in a period · In one week · Bronze 100, Silver 250, Gold 500", "Shares · 10 shares", "First share". */
export function ruleText(t: TFunction, badge: AdminBadge): string {
  const parts = [t(`adminBadges.criteria.${badge.criterion}`)];
  if (badge.tiers) {
    if (badge.period) parts.push(t(`adminBadges.periods.${badge.period}`));
    if (badge.activity_type) parts.push(t(`activityTypes.${badge.activity_type}`));
    parts.push(t('adminBadges.tiersSummary', badge.tiers));
  } else if (badge.threshold !== null) {
    parts.push(badge.summary);
  }
  return parts.join(' · ');
}

/** One badge of the admin list: picture, name, rule, holders, and its actions (move up/down by keyboard too). */
export function BadgeRow(p: BadgeRowProps) {
  const { t } = useTranslation();
  const { badge } = p;
  return (
    <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <BadgePicture name={badge.name} imageUrl={badge.image_url} alt="" size={48} />
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">{badge.name}</h3>
          <p className="text-sm text-slate-600">{ruleText(t, badge)}</p>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            <Pill tone="neutral">{t('adminBadges.holders', { count: badge.earned_count })}</Pill>
            {badge.hidden && <Pill tone="info">{t('adminBadges.hiddenTag')}</Pill>}
            {badge.archived && <Pill tone="warning">{t('adminBadges.archivedTag')}</Pill>}
            {badge.recompute_percent !== null && (
              <Pill tone="brand">{t('adminBadges.recomputing', { percent: badge.recompute_percent })}</Pill>
            )}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-1.5 sm:justify-end">
        {p.canManage && !badge.archived && (
          <>
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('adminBadges.moveUp', { name: badge.name })}
              disabled={p.isFirst || p.isMoving}
              onClick={() => p.onMove(-1)}
            >
              <ArrowUp aria-hidden className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('adminBadges.moveDown', { name: badge.name })}
              disabled={p.isLast || p.isMoving}
              onClick={() => p.onMove(1)}
            >
              <ArrowDown aria-hidden className="size-4" />
            </Button>
          </>
        )}
        <Button variant="secondary" size="sm" onClick={p.onOpen}>
          <Users aria-hidden className="size-4" />
          {t('adminBadges.members')}
          <span className="sr-only">{t('adminBadges.ofBadge', { name: badge.name })}</span>
        </Button>
        {p.canManage && (
          <Button variant="secondary" size="sm" onClick={p.onEdit}>
            <Pencil aria-hidden className="size-4" />
            {t('adminBadges.edit')}
            <span className="sr-only">{t('adminBadges.ofBadge', { name: badge.name })}</span>
          </Button>
        )}
        {p.canManage &&
          (badge.archived ? (
            <Button variant="ghost" size="sm" onClick={p.onRestore}>
              {t('adminBadges.restore')}
              <span className="sr-only">{t('adminBadges.ofBadge', { name: badge.name })}</span>
            </Button>
          ) : (
            <Button variant="ghost" size="sm" onClick={p.onArchive}>
              {t('adminBadges.archive')}
              <span className="sr-only">{t('adminBadges.ofBadge', { name: badge.name })}</span>
            </Button>
          ))}
      </div>
    </div>
  );
}
