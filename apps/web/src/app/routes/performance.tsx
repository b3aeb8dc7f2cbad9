import { getPerformanceTabs, MAIN_NAV } from '@rally/shared';
import { ChartColumn, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { TabbedLayout } from '../../components/layouts/tabbed-layout';
import { PageLoader } from '../../components/ui/page-loader';
import { useStats } from '../../features/performance/api/get-stats';
import { BadgesGrid } from '../../features/performance/components/badges-grid';
import { useNavContext } from '../../hooks/use-nav-context';
import { useUser } from '../../lib/auth';
import { AccessState, getItemAccess, NotAvailable } from './access';
import { Upcoming } from './upcoming';

const BADGES_PATH = '/performance/badges';

/** /performance/*: needs a user with an email or feature open; My Badges only when stats list badges. */
export function PerformanceLayout() {
  const { t } = useTranslation();
  const ctx = useNavContext();
  const user = useUser();
  const { pathname } = useLocation();
  const access = getItemAccess(
    MAIN_NAV.find((item) => item.labelKey === 'nav.performance'),
    ctx,
  );
  const stats = useStats(user?.id ?? null, access === 'allowed');
  if (access !== 'allowed') return <AccessState access={access} />;
  if (pathname === '/performance' || pathname === '/performance/') {
    return <Navigate to="/performance/posts" replace />;
  }
  const tabs = getPerformanceTabs(ctx, stats.data);
  const items = tabs.map((tab) => ({ path: tab.path, label: t(tab.labelKey) }));
  const isBadges = pathname === BADGES_PATH;
  let content = <Outlet />;
  if (isBadges && stats.isPending) content = <PageLoader />;
  else if (isBadges && !tabs.some((tab) => tab.path === BADGES_PATH)) content = <NotAvailable />;
  return (
    <TabbedLayout items={items} label={t('performance.tabsLabel')}>
      {content}
    </TabbedLayout>
  );
}

export function MyPostsPage() {
  return <Upcoming icon={Share2} textKey="upcoming.myPosts" />;
}

export function MyMetricsPage() {
  return <Upcoming icon={ChartColumn} textKey="upcoming.myMetrics" />;
}

export function MyBadgesPage() {
  const user = useUser();
  return user ? <BadgesGrid userId={user.id} /> : null;
}
