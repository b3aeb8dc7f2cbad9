import type { BadgeSchema } from '@rally/shared';
import { clsx } from 'clsx';
import { Award, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PageHeading } from '../../../components/layouts/page-heading';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageLoader } from '../../../components/ui/page-loader';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { useStats } from '../api/get-stats';

type Badge = z.infer<typeof BadgeSchema>;

function BadgeTile({ badge, isEarned }: { badge: Badge; isEarned: boolean }) {
  return (
    <Card className="flex h-full flex-col items-center p-4 text-center">
      {/* Only the picture fades for a badge not earned yet: its name and description stay readable. */}
      <span
        className={clsx(
          'mb-3 flex size-16 items-center justify-center overflow-hidden rounded-full',
          isEarned ? 'bg-brand/10 text-brand-text' : 'bg-slate-100 text-slate-400 opacity-70',
        )}
      >
        {badge.image_url ? (
          <ResponsiveImage
            src={badge.image_url}
            alt=""
            sizes="64px"
            width={64}
            height={64}
            className={clsx('size-full object-cover', !isEarned && 'grayscale')}
          />
        ) : isEarned ? (
          <Award aria-hidden className="size-8" />
        ) : (
          <Lock aria-hidden className="size-7" />
        )}
      </span>
      <h3 className="text-sm font-semibold text-slate-900">{badge.name}</h3>
      {badge.description && <p className="mt-1 text-xs text-slate-600">{badge.description}</p>}
    </Card>
  );
}

function BadgeSection({ title, badges, isEarned }: { title: string; badges: Badge[]; isEarned: boolean }) {
  if (badges.length === 0) return null;
  return (
    <section className="space-y-3">
      <PageHeading title={title} />
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {badges.map((badge) => (
          <li key={badge.id}>
            <BadgeTile badge={badge} isEarned={isEarned} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Earned and still-to-earn badges from GET /api/stats. */
export function BadgesGrid({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const query = useStats(userId);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  const { earnedBadges, unearnedBadges } = query.data;
  if (earnedBadges.length + unearnedBadges.length === 0) {
    return <EmptyState icon={Award} title={t('badges.emptyTitle')} description={t('badges.emptyText')} />;
  }
  return (
    <div className="space-y-8">
      <BadgeSection title={t('badges.earned')} badges={earnedBadges} isEarned />
      <BadgeSection title={t('badges.unearned')} badges={unearnedBadges} isEarned={false} />
    </div>
  );
}
