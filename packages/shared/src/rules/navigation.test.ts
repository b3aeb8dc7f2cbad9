import { describe, expect, it } from 'vitest';
import type { Role } from '../constants/domain.ts';
import type { NavItem } from '../constants/navigation.ts';
import {
  canSeeChat,
  getAdminTabs,
  getChatPath,
  getCommunityTabs,
  getMainNav,
  getPerformanceTabs,
  hasFeature,
  isNavItemVisible,
  type NavContext,
  shouldUsePageSelector,
} from './navigation.ts';

const member = (role: Role = 'USER', team_tags: string[] = [], email: string | null = 'a@b.co') => ({
  role,
  team_tags,
  email,
});

const ctx = (overrides: Partial<NavContext> = {}): NavContext => ({
  user: member(),
  features: [],
  hasTeams: false,
  communityVariant: 'full',
  ...overrides,
});

const paths = (items: NavItem[]) => items.map((item) => item.path);

describe('hasFeature', () => {
  it('finds an enabled feature', () => {
    expect(hasFeature(['chat', 'open'], 'open')).toBe(true);
    expect(hasFeature(['chat'], 'open')).toBe(false);
    expect(hasFeature([], 'chat')).toBe(false);
  });
});

describe('isNavItemVisible', () => {
  const item = (extra: Partial<NavItem>): NavItem => ({ labelKey: 'x', path: '/x', ...extra });

  it('shows an item without conditions to everyone, guests included', () => {
    expect(isNavItemVisible(item({}), ctx({ user: null }))).toBe(true);
  });

  it('admin needs ADMIN or ANALYST', () => {
    const admin = item({ admin: true });
    expect(isNavItemVisible(admin, ctx({ user: member('ADMIN') }))).toBe(true);
    expect(isNavItemVisible(admin, ctx({ user: member('ANALYST', ['t']) }))).toBe(true);
    expect(isNavItemVisible(admin, ctx({ user: member('USER') }))).toBe(false);
    expect(isNavItemVisible(admin, ctx({ user: member('APPLICANT') }))).toBe(false);
    expect(isNavItemVisible(admin, ctx({ user: null }))).toBe(false);
  });

  it('adminOnly needs ADMIN', () => {
    const adminOnly = item({ adminOnly: true });
    expect(isNavItemVisible(adminOnly, ctx({ user: member('ADMIN', ['t']) }))).toBe(true);
    expect(isNavItemVisible(adminOnly, ctx({ user: member('ANALYST') }))).toBe(false);
  });

  it('leadOnly needs ADMIN or ANALYST without team tags', () => {
    const leadOnly = item({ leadOnly: true });
    expect(isNavItemVisible(leadOnly, ctx({ user: member('ADMIN', ['t']) }))).toBe(true);
    expect(isNavItemVisible(leadOnly, ctx({ user: member('ANALYST') }))).toBe(true);
    expect(isNavItemVisible(leadOnly, ctx({ user: member('ANALYST', ['t']) }))).toBe(false);
    expect(isNavItemVisible(leadOnly, ctx({ user: member('USER') }))).toBe(false);
  });

  it('feature needs that feature', () => {
    const featured = item({ feature: 'chat' });
    expect(isNavItemVisible(featured, ctx({ features: ['chat'] }))).toBe(true);
    expect(isNavItemVisible(featured, ctx({ features: ['open'] }))).toBe(false);
  });

  it('signedIn needs a user with an email, or feature open', () => {
    const signedIn = item({ signedIn: true });
    expect(isNavItemVisible(signedIn, ctx())).toBe(true);
    expect(isNavItemVisible(signedIn, ctx({ user: member('USER', [], null) }))).toBe(false);
    expect(isNavItemVisible(signedIn, ctx({ user: member('USER', [], '') }))).toBe(false);
    expect(isNavItemVisible(signedIn, ctx({ user: null }))).toBe(false);
    expect(isNavItemVisible(signedIn, ctx({ user: null, features: ['open'] }))).toBe(true);
    expect(isNavItemVisible(signedIn, ctx({ user: member('USER', [], null), features: ['open'] }))).toBe(
      true,
    );
  });

  it('requires every condition on the item', () => {
    const chat = item({ admin: true, feature: 'chat' });
    expect(isNavItemVisible(chat, ctx({ user: member('ADMIN'), features: ['chat'] }))).toBe(true);
    expect(isNavItemVisible(chat, ctx({ user: member('ADMIN') }))).toBe(false);
    expect(isNavItemVisible(chat, ctx({ features: ['chat'] }))).toBe(false);
  });
});

describe('getMainNav', () => {
  it('shows only Home and Projects to a guest without feature open', () => {
    expect(paths(getMainNav(ctx({ user: null })))).toEqual(['/', '/projects']);
  });

  it('shows Performance and Profile to a guest with feature open', () => {
    expect(paths(getMainNav(ctx({ user: null, features: ['open'] })))).toEqual([
      '/',
      '/projects',
      '/performance/posts',
      '/profile',
    ]);
  });

  it('shows Community with feature community and Admin to admins in the full variant', () => {
    const nav = getMainNav(ctx({ user: member('ANALYST', ['t']), features: ['community'] }));
    expect(paths(nav)).toEqual([
      '/',
      '/projects',
      '/community/feed',
      '/performance/posts',
      '/profile',
      '/admin',
    ]);
  });

  it('hides Community without feature community in the full variant, even with teams', () => {
    expect(paths(getMainNav(ctx({ hasTeams: true })))).not.toContain('/community/feed');
  });

  describe('white-label variant', () => {
    const whiteLabel = (overrides: Partial<NavContext>) =>
      ctx({ communityVariant: 'white_label', ...overrides });
    const community = (nav: NavItem[]) => nav.find((item) => item.labelKey === 'nav.community');

    it('hides Community without teams or feature leaderboard', () => {
      expect(community(getMainNav(whiteLabel({ features: ['community'] })))).toBeUndefined();
    });

    it('links Community to teams when there are teams', () => {
      const nav = getMainNav(whiteLabel({ features: ['community', 'leaderboard'], hasTeams: true }));
      expect(community(nav)?.path).toBe('/community/teams');
    });

    it('links Community to the leaderboard without teams', () => {
      const nav = getMainNav(whiteLabel({ features: ['community', 'leaderboard'] }));
      expect(community(nav)?.path).toBe('/community/leaderboard');
    });

    it('still needs feature community', () => {
      expect(
        community(getMainNav(whiteLabel({ features: ['leaderboard'], hasTeams: true }))),
      ).toBeUndefined();
    });

    it('keeps Community in its place and does not mutate MAIN_NAV', () => {
      const nav = getMainNav(whiteLabel({ features: ['community'], hasTeams: true }));
      expect(paths(nav)).toEqual(['/', '/projects', '/community/teams', '/performance/posts', '/profile']);
      expect(paths(getMainNav(ctx({ features: ['community'] })))).toContain('/community/feed');
    });
  });
});

describe('getCommunityTabs', () => {
  it('removes Teams without teams and Leaderboard without the feature', () => {
    expect(paths(getCommunityTabs(ctx()))).toEqual(['/community/feed', '/community/following']);
  });

  it('keeps every tab with teams and feature leaderboard', () => {
    expect(paths(getCommunityTabs(ctx({ hasTeams: true, features: ['leaderboard'] })))).toEqual([
      '/community/feed',
      '/community/teams',
      '/community/following',
      '/community/leaderboard',
    ]);
  });

  it('removes Feed and Following in the white-label variant', () => {
    const base = { communityVariant: 'white_label' as const };
    expect(paths(getCommunityTabs(ctx({ ...base, hasTeams: true, features: ['leaderboard'] })))).toEqual([
      '/community/teams',
      '/community/leaderboard',
    ]);
    expect(paths(getCommunityTabs(ctx({ ...base, features: ['leaderboard'] })))).toEqual([
      '/community/leaderboard',
    ]);
    expect(getCommunityTabs(ctx(base))).toEqual([]);
  });
});

describe('getPerformanceTabs', () => {
  const all = ['/performance/posts', '/performance/metrics', '/performance/badges'];
  const withoutBadges = ['/performance/posts', '/performance/metrics'];

  it('hides My Badges without stats or with no badges', () => {
    expect(paths(getPerformanceTabs(ctx(), null))).toEqual(withoutBadges);
    expect(paths(getPerformanceTabs(ctx(), undefined))).toEqual(withoutBadges);
    expect(paths(getPerformanceTabs(ctx(), { earnedBadges: [], unearnedBadges: [] }))).toEqual(withoutBadges);
  });

  it('shows My Badges with earned or unearned badges', () => {
    expect(paths(getPerformanceTabs(ctx(), { earnedBadges: [{}], unearnedBadges: [] }))).toEqual(all);
    expect(paths(getPerformanceTabs(ctx(), { earnedBadges: [], unearnedBadges: [{}] }))).toEqual(all);
  });
});

describe('getAdminTabs', () => {
  it('gives a global admin every tab whose feature is on', () => {
    const tabs = paths(getAdminTabs(ctx({ user: member('ADMIN'), features: ['chat', 'ecommerce'] })));
    expect(tabs).toHaveLength(13);
    expect(paths(getAdminTabs(ctx({ user: member('ADMIN') })))).not.toContain('/admin/chat');
    expect(paths(getAdminTabs(ctx({ user: member('ADMIN') })))).not.toContain('/admin/ecommerce');
  });

  it('gives an ANALYST without tags the admin tabs plus Applicants', () => {
    expect(paths(getAdminTabs(ctx({ user: member('ANALYST'), features: ['chat'] })))).toEqual([
      '/admin',
      '/admin/projects',
      '/admin/participation',
      '/admin/chat',
      '/admin/users',
      '/admin/applicants',
    ]);
  });

  it('hides Applicants from a team lead', () => {
    expect(paths(getAdminTabs(ctx({ user: member('ANALYST', ['north']) })))).toEqual([
      '/admin',
      '/admin/projects',
      '/admin/participation',
      '/admin/users',
    ]);
  });

  it('gives ordinary users and guests nothing', () => {
    expect(getAdminTabs(ctx())).toEqual([]);
    expect(getAdminTabs(ctx({ user: null }))).toEqual([]);
  });
});

describe('shouldUsePageSelector', () => {
  it('is true above 3 tabs', () => {
    expect(shouldUsePageSelector(0)).toBe(false);
    expect(shouldUsePageSelector(3)).toBe(false);
    expect(shouldUsePageSelector(4)).toBe(true);
    expect(shouldUsePageSelector(13)).toBe(true);
  });
});

describe('getChatPath', () => {
  it('sends ADMIN and ANALYST to the admin chat', () => {
    expect(getChatPath(member('ADMIN'))).toBe('/admin/chat');
    expect(getChatPath(member('ANALYST', ['t']))).toBe('/admin/chat');
  });

  it('sends everyone else to /chat', () => {
    expect(getChatPath(member('USER'))).toBe('/chat');
    expect(getChatPath(member('APPLICANT'))).toBe('/chat');
    expect(getChatPath(null)).toBe('/chat');
  });
});

describe('canSeeChat', () => {
  it('needs feature chat and a signed-in user', () => {
    expect(canSeeChat(ctx({ features: ['chat'] }))).toBe(true);
    expect(canSeeChat(ctx())).toBe(false);
    expect(canSeeChat(ctx({ user: null, features: ['chat', 'open'] }))).toBe(false);
  });
});
