import { canSeeChat, getChatPath, getMainNav, hasFeature, type NavItem, type User } from '@rally/shared';
import { useLocation } from 'react-router';
import type { UserMenuMode } from '../../features/shell/components/user-menu-content';
import { useNavContext } from '../../hooks/use-nav-context';
import { useClient } from '../../lib/client';
import { canRoam } from './gate';

const FORCED_PATHS = new Set(['/contract', '/onboarding']);

export interface ShellState {
  menuMode: UserMenuMode;
  /** Main navigation items, or none where the bar would offer no way to go. */
  navItems: NavItem[];
  chatPath: string | null;
  hasTraining: boolean;
  isForced: boolean;
}

function getMenuMode(user: User | null, isForced: boolean, roams: boolean): UserMenuMode {
  if (!user || user.is_ghost) return 'guest';
  if (isForced) return 'forced';
  return roams ? 'full' : 'restricted';
}

/** What the shell shows for this user, client and location (SPEC 2, 4, 6). */
export function useShellState(user: User | null, isFocus: boolean): ShellState {
  const client = useClient();
  const ctx = useNavContext();
  const { pathname, search } = useLocation();
  const isForced = FORCED_PATHS.has(pathname) && new URLSearchParams(search).get('forced') === 'true';
  const roams = Boolean(user && canRoam(user, client));
  const menuMode = getMenuMode(user, isForced, roams);
  const showsNav = !isFocus && (menuMode === 'full' || (menuMode === 'guest' && user !== null));
  return {
    menuMode,
    navItems: showsNav ? getMainNav(ctx) : [],
    chatPath: menuMode === 'full' && canSeeChat(ctx) ? getChatPath(user) : null,
    hasTraining: hasFeature(ctx.features, 'training'),
    isForced,
  };
}
