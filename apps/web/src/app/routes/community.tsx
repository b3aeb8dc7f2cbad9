import { COMMUNITY_TABS, getCommunityTabs, getMainNav } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { TabbedLayout } from '../../components/layouts/tabbed-layout';
import { LeaderboardPage } from '../../features/leaderboard/components/leaderboard-page';
import { FeedPage } from '../../features/posts/components/feed-page';
import { FollowingPage } from '../../features/posts/components/following-page';
import { TeamsList } from '../../features/teams/components/teams-list';
import { useNavContext } from '../../hooks/use-nav-context';
import { useUser } from '../../lib/auth';
import { NotAvailable } from './access';

/** /community/*: tabs by the shared rules (feature community, teams, leaderboard, white-label variant). */
export function CommunityLayout() {
  const { t } = useTranslation();
  const ctx = useNavContext();
  const { pathname } = useLocation();
  const isInNav = getMainNav(ctx).some((item) => item.labelKey === 'nav.community');
  const tabs = getCommunityTabs(ctx);
  const first = tabs[0];
  if (!isInNav || !first) return <NotAvailable />;
  if (pathname === '/community' || pathname === '/community/') return <Navigate to={first.path} replace />;
  const isKnownTab = COMMUNITY_TABS.some((tab) => tab.path === pathname);
  const isVisible = tabs.some((tab) => tab.path === pathname);
  const items = tabs.map((tab) => ({ path: tab.path, label: t(tab.labelKey) }));
  return (
    <TabbedLayout items={items} label={t('community.tabsLabel')}>
      {isKnownTab && !isVisible ? <NotAvailable /> : <Outlet />}
    </TabbedLayout>
  );
}

export function CommunityFeedPage() {
  return <FeedPage />;
}

export function CommunityTeamsPage() {
  const user = useUser();
  if (!user) return null;
  return <TeamsList userId={user.id} />;
}

export function CommunityFollowingPage() {
  return <FollowingPage />;
}

export function CommunityLeaderboardPage() {
  return <LeaderboardPage />;
}
