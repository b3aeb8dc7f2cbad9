import type { Badge } from '@rally/shared';
import { Award } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoader } from '../../../components/ui/page-loader';
import { useStats } from '../api/get-stats';
import { sortEarned, sortNextUp } from './my-badges-text';
import { MyBadgeTile } from './my-badges-tile';

function BadgeSection({ id, title, badges }: { id: string; title: string; badges: Badge[] }) {
  if (badges.length === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:grid-cols-3 lg:grid-cols-4">
        {badges.map((badge) => (
          <li key={badge.id}>
            <MyBadgeTile badge={badge} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * My Badges from GET /api/stats: the ones earned (newest first, with date, tier and reason) and the ones still to
 * earn, next-up first with their progress. Hidden badges are absent until earned (the server leaves them out).
 */
export function BadgesGrid({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const query = useStats(userId);
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  }
  const earned = sortEarned(query.data.earnedBadges);
  const unearned = sortNextUp(query.data.unearnedBadges);
  if (earned.length + unearned.length === 0) {
    return <EmptyState icon={Award} title={t('myBadges.emptyTitle')} description={t('myBadges.emptyText')} />;
  }
  return (
    <div className="space-y-8">
      <p className="text-sm text-slate-600">
        {t('myBadges.summary', { count: earned.length, total: earned.length + unearned.length })}
      </p>
      <BadgeSection id="my-badges-earned" title={t('myBadges.earned')} badges={earned} />
      <BadgeSection id="my-badges-next" title={t('myBadges.nextUp')} badges={unearned} />
    </div>
  );
}
