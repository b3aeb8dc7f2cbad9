import type { Feature } from './domain.ts';

/** Who a navigation entry is for. Evaluated by `isNavItemVisible` (SPEC 5). */
export interface NavItem {
  /** i18n key of the label (namespace `common`). */
  labelKey: string;
  /** Route the item links to. */
  path: string;
  /** Needs role ADMIN or ANALYST. */
  admin?: boolean;
  /** Needs role ADMIN. */
  adminOnly?: boolean;
  /** Needs ADMIN, or ANALYST with no team tags (SPEC 5, 6). */
  leadOnly?: boolean;
  /** Needs this client feature. */
  feature?: Feature;
  /** Needs a signed-in user with an email, or feature open. */
  signedIn?: boolean;
}

/** Main navigation, bottom bar on phones and top bar from tablet width (SPEC 2). */
export const MAIN_NAV: readonly NavItem[] = [
  { labelKey: 'nav.home', path: '/' },
  { labelKey: 'nav.projects', path: '/projects' },
  { labelKey: 'nav.community', path: '/community/feed', feature: 'community' },
  { labelKey: 'nav.performance', path: '/performance/posts', signedIn: true },
  { labelKey: 'nav.profile', path: '/profile', signedIn: true },
  { labelKey: 'nav.admin', path: '/admin', admin: true },
];

/** Community tabs (SPEC 2); removal rules are in `getCommunityTabs`. */
export const COMMUNITY_TABS: readonly NavItem[] = [
  { labelKey: 'tabs.feed', path: '/community/feed' },
  { labelKey: 'tabs.teams', path: '/community/teams' },
  { labelKey: 'tabs.following', path: '/community/following' },
  { labelKey: 'tabs.leaderboard', path: '/community/leaderboard', feature: 'leaderboard' },
];

/** Performance tabs (SPEC 2); My Badges is hidden unless stats show badges. */
export const PERFORMANCE_TABS: readonly NavItem[] = [
  { labelKey: 'tabs.myPosts', path: '/performance/posts' },
  { labelKey: 'tabs.myMetrics', path: '/performance/metrics' },
  { labelKey: 'tabs.myBadges', path: '/performance/badges' },
];

/** Admin tabs (SPEC 2, 6). */
export const ADMIN_TABS: readonly NavItem[] = [
  { labelKey: 'admin.dashboard', path: '/admin', admin: true },
  { labelKey: 'admin.general', path: '/admin/general', adminOnly: true },
  { labelKey: 'admin.projects', path: '/admin/projects', admin: true },
  { labelKey: 'admin.participation', path: '/admin/participation', admin: true },
  { labelKey: 'admin.chat', path: '/admin/chat', admin: true, feature: 'chat' },
  { labelKey: 'admin.badges', path: '/admin/badges', adminOnly: true },
  { labelKey: 'admin.users', path: '/admin/users', admin: true },
  { labelKey: 'admin.applicants', path: '/admin/applicants', leadOnly: true },
  { labelKey: 'admin.library', path: '/admin/library', adminOnly: true },
  { labelKey: 'admin.safety', path: '/admin/safety', adminOnly: true },
  { labelKey: 'admin.integrations', path: '/admin/integrations', adminOnly: true },
  { labelKey: 'admin.ecommerce', path: '/admin/ecommerce', adminOnly: true, feature: 'ecommerce' },
  { labelKey: 'admin.reporting', path: '/admin/reporting', adminOnly: true },
];

/** Routes a logged-out visitor may open without being sent to /login (SPEC 4). Prefix match for /apply/ and /applicants/. */
export const AUTH_EXEMPT_ROUTES: readonly string[] = [
  '/login',
  '/help',
  '/create',
  '/reset',
  '/integrations/teams',
  '/sso',
  '/apply/',
  '/applicants/',
  '/status/not-active',
  '/status/check-email',
];

/** Routes outside the onboarding gate (SPEC 4). */
export const ONBOARDING_EXEMPT_ROUTES: readonly string[] = [
  '/overview',
  '/contract',
  '/onboarding',
  '/integrations/teams',
];

/** Native deep links that open directly without login (SPEC 2). */
export const DEEP_LINK_OPEN_PREFIXES: readonly string[] = [
  '/create',
  '/help',
  '/reset',
  '/verify',
  '/apply',
  '/applicants',
  '/sso',
];
