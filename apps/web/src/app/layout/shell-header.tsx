import { HEADER_LOGO_SIZE, HOME_IMAGE_SIZE, hasFeature, type User } from '@rally/shared';
import { useUnreadNotificationCount } from '../../features/notifications/hooks/use-unread-notification-count';
import { usePendingTrainingCount } from '../../features/projects/api/get-projects';
import { useChatUnread } from '../../features/shell/api/get-chat-seen';
import { useIsUpdateReady } from '../../features/shell/api/get-version';
import { AppHeader } from '../../features/shell/components/app-header';
import { ChatButton } from '../../features/shell/components/chat-button';
import { DeferredUserMenu } from '../../features/shell/components/deferred-user-menu';
import { MainNav } from '../../features/shell/components/main-nav';
import { useLogout } from '../../lib/auth';
import { getFeatureIds, useClient } from '../../lib/client';
import type { ShellState } from './use-shell-state';

interface ShellHeaderProps {
  user: User | null;
  state: ShellState;
  title: string;
  isHome: boolean;
  isFocus: boolean;
  pathname: string;
  /** While the session loads the actions are left out, so no guest menu flashes by. */
  isLoading: boolean;
}

/** Header, chat button, user menu (with its dot) and the top navigation, wired to their data. */
export function ShellHeader({ user, state, title, isHome, isFocus, pathname, isLoading }: ShellHeaderProps) {
  const client = useClient();
  const logout = useLogout();
  const userId = user?.id ?? null;
  const isFull = state.menuMode === 'full';
  const chatUnread = useChatUnread(userId, state.chatPath !== null);
  const unreadNotifications = useUnreadNotificationCount(userId, isFull);
  const pendingTrainings = usePendingTrainingCount(userId, isFull && state.hasTraining);
  const isUpdateReady = useIsUpdateReady();
  const homeImage = client.config.home_image;
  const logoUrl = isHome ? (client.home_image_url ?? client.image_url) : client.image_url;
  const logoSize = isHome
    ? { width: homeImage.width || HOME_IMAGE_SIZE.width, height: homeImage.height || HOME_IMAGE_SIZE.height }
    : HEADER_LOGO_SIZE;
  const hasDot = isUpdateReady || (isFull && (unreadNotifications > 0 || pendingTrainings > 0));
  return (
    <AppHeader
      clientName={client.name}
      logoUrl={logoUrl}
      logoSize={logoSize}
      title={title}
      isTitleHeading={!isFocus}
      isLogoLinked={!state.isForced}
      actions={
        !isLoading && (
          <>
            {state.chatPath && <ChatButton to={state.chatPath} unread={chatUnread} />}
            <DeferredUserMenu
              hasDot={hasDot}
              content={{
                mode: state.menuMode,
                user,
                canCreateAccount: hasFeature(getFeatureIds(client), 'open'),
                hasTraining: state.hasTraining,
                pendingTrainings,
                hasUnreadNotifications: unreadNotifications > 0,
                isUpdateReady,
                termsUrl: client.config.terms_url,
                onSignOut: () => void logout(),
              }}
            />
          </>
        )
      }
    >
      {state.navItems.length > 0 && <MainNav items={state.navItems} pathname={pathname} variant="top" />}
    </AppHeader>
  );
}
