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

/**
 * /community/*: tabs by the shared rules (feature community, teams, leaderboard, white-label variant). A tab this
 * client does not have (the feed of a white-label client, e.g. /community/feed, the path the main nav names)
 * opens the first tab it has instead: its page, which would ask what the viewer may not see, never mounts.
 */
export function CommunityLayout() {
  const { t } = useTranslation();
  const ctx = useNavContext();
  const { pathname } = useLocation();
  const isInNav = getMainNav(ctx).some((item) => item.labelKey === 'nav.community');
  const tabs = getCommunityTabs(ctx);
  const first = tabs[0];
  if (!isInNav || !first) return <NotAvailable />;
  const path = pathname.replace(/\/$/, '');
  const isKnownTab = COMMUNITY_TABS.some((tab) => tab.path === path);
  const isVisible = tabs.some((tab) => tab.path === path);
  if (path === '/community' || (isKnownTab && !isVisible)) return <Navigate to={first.path} replace />;
  const items = tabs.map((tab) => ({ path: tab.path, label: t(tab.labelKey) }));
  return (
    <TabbedLayout items={items} label={t('community.tabsLabel')}>
      <Outlet />
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
