import { getPerformanceTabs, MAIN_NAV } from '@rally/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { TabbedLayout } from '../../components/layouts/tabbed-layout';
import { PageLoader } from '../../components/ui/page-loader';
import { useStats } from '../../features/performance/api/get-stats';
import { BadgesGrid } from '../../features/performance/components/badges-grid';
import { useNavContext } from '../../hooks/use-nav-context';
import { useUser } from '../../lib/auth';
import { AccessState, getItemAccess } from './access';

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
  // My Badges opened directly with no badges says so itself ("No badges yet"): the tab is hidden, not the page.
  const content = <Outlet />;
  return (
    <TabbedLayout items={items} label={t('performance.tabsLabel')}>
      {content}
    </TabbedLayout>
  );
}

const MyPostsScreen = lazy(async () => ({
  default: (await import('../../features/performance/components/my-posts-page')).MyPostsPage,
}));

export function MyPostsPage() {
  return (
    <Suspense fallback={<PageLoader />}>
      <MyPostsScreen />
    </Suspense>
  );
}

// The charts (uPlot) load with this page only.
const MyMetricsScreen = lazy(async () => ({
  default: (await import('../../features/performance/components/my-metrics-page')).MyMetricsView,
}));

export function MyMetricsPage() {
  return (
    <Suspense fallback={<PageLoader />}>
      <MyMetricsScreen />
    </Suspense>
  );
}

export function MyBadgesPage() {
  const user = useUser();
  return user ? <BadgesGrid userId={user.id} /> : null;
}
