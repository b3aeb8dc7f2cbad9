import type { Role } from '../constants/domain.ts';
import { PHONE_TAB_SELECTOR_THRESHOLD } from '../constants/limits.ts';
import {
  ADMIN_TABS,
  COMMUNITY_TABS,
  MAIN_NAV,
  type NavItem,
  PERFORMANCE_TABS,
} from '../constants/navigation.ts';
import { canSeeLeadOnly, isAdmin, isAdminRole } from './roles.ts';

/** Everything navigation visibility depends on. */
export interface NavContext {
  /** The signed-in user, or null for a guest. */
  user: { role: Role; team_tags: readonly string[]; email: string | null } | null;
  /** Ids of the client's enabled features. */
  features: readonly string[];
  /** Whether the client has any teams (GET /api/teams/discover is not empty). */
  hasTeams: boolean;
  /** 'white_label' is the variant of SPEC 6 that hides Feed and Following. */
  communityVariant: 'full' | 'white_label';
}

const COMMUNITY_NAV_PATH = '/community/feed';
const TEAMS_PATH = '/community/teams';
const LEADERBOARD_PATH = '/community/leaderboard';
const WHITE_LABEL_HIDDEN_TABS: readonly string[] = ['/community/feed', '/community/following'];
const BADGES_PATH = '/performance/badges';

/** True when feature `f` is enabled. */
export function hasFeature(features: readonly string[], f: string): boolean {
  return features.includes(f);
}

function isSignedIn(ctx: NavContext): boolean {
  if (ctx.user?.email) return true;
  return hasFeature(ctx.features, 'open');
}

/** True when a navigation entry is visible for this context; every condition on the item must hold (SPEC 5). */
export function isNavItemVisible(item: NavItem, ctx: NavContext): boolean {
  if (item.admin && !isAdminRole(ctx.user)) return false;
  if (item.adminOnly && !isAdmin(ctx.user)) return false;
  if (item.leadOnly && !canSeeLeadOnly(ctx.user)) return false;
  if (item.feature && !hasFeature(ctx.features, item.feature)) return false;
  if (item.signedIn && !isSignedIn(ctx)) return false;
  return true;
}

function getWhiteLabelCommunityItem(item: NavItem, ctx: NavContext): NavItem | null {
  if (ctx.hasTeams) return { ...item, path: TEAMS_PATH };
  if (hasFeature(ctx.features, 'leaderboard')) return { ...item, path: LEADERBOARD_PATH };
  return null;
}

/**
 * Main navigation items visible for this context (SPEC 2). In the white-label variant Community
 * (still needing feature community) shows only when there are teams or feature leaderboard,
 * and links to teams if any, else to the leaderboard (SPEC 6).
 */
export function getMainNav(ctx: NavContext): NavItem[] {
  const items: NavItem[] = [];
  for (const item of MAIN_NAV) {
    if (!isNavItemVisible(item, ctx)) continue;
    if (item.path !== COMMUNITY_NAV_PATH || ctx.communityVariant === 'full') {
      items.push(item);
      continue;
    }
    const community = getWhiteLabelCommunityItem(item, ctx);
    if (community) items.push(community);
  }
  return items;
}

/**
 * Community tabs for this context (SPEC 6): Teams needs teams, Leaderboard needs feature leaderboard,
 * and the white-label variant drops Feed and Following.
 */
export function getCommunityTabs(ctx: NavContext): NavItem[] {
  return COMMUNITY_TABS.filter((tab) => {
    if (!isNavItemVisible(tab, ctx)) return false;
    if (tab.path === TEAMS_PATH && !ctx.hasTeams) return false;
    if (ctx.communityVariant === 'white_label' && WHITE_LABEL_HIDDEN_TABS.includes(tab.path)) return false;
    return true;
  });
}

/** Performance tabs; My Badges shows only when stats list earned or unearned badges (SPEC 2). */
export function getPerformanceTabs(
  ctx: NavContext,
  stats: { earnedBadges: readonly unknown[]; unearnedBadges: readonly unknown[] } | null | undefined,
): NavItem[] {
  const hasBadges = Boolean(stats && (stats.earnedBadges.length > 0 || stats.unearnedBadges.length > 0));
  return PERFORMANCE_TABS.filter((tab) => {
    if (!isNavItemVisible(tab, ctx)) return false;
    return tab.path !== BADGES_PATH || hasBadges;
  });
}

/** Admin tabs visible for this context (SPEC 2, 6). */
export function getAdminTabs(ctx: NavContext): NavItem[] {
  return ADMIN_TABS.filter((tab) => isNavItemVisible(tab, ctx));
}

/** True when phones should show the page selector instead of tabs (more than 3 tabs, SPEC 9). */
export function shouldUsePageSelector(tabCount: number): boolean {
  return tabCount > PHONE_TAB_SELECTOR_THRESHOLD;
}

/** Where the chat button leads: /admin/chat for ADMIN or ANALYST, otherwise /chat (SPEC 6). */
export function getChatPath(user: { role: Role } | null | undefined): '/admin/chat' | '/chat' {
  if (user?.role === 'ADMIN' || user?.role === 'ANALYST') return '/admin/chat';
  return '/chat';
}

/** True when chat is available: feature chat and a signed-in user; guests never see it (SPEC 6). */
export function canSeeChat(ctx: NavContext): boolean {
  if (!ctx.user) return false;
  return hasFeature(ctx.features, 'chat');
}
