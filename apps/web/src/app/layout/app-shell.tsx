import { clsx } from 'clsx';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { PageLoader } from '../../components/ui/page-loader';
import { Toaster } from '../../components/ui/toaster';
import { MainNav } from '../../features/shell/components/main-nav';
import { ProgressBanner } from '../../features/shell/components/progress-banner';
import { SkipLink } from '../../features/shell/components/skip-link';
import { usePushRegistration } from '../../features/shell/hooks/use-push-registration';
import { useTimePing } from '../../features/shell/hooks/use-time-ping';
import { useScrollParam } from '../../hooks/use-scroll-param';
import { useSession } from '../../lib/auth';
import { useClient } from '../../lib/client';
import { resolveGateRedirect } from './gate';
import { readRouteHandles } from './route-handle';
import { ShellHeader } from './shell-header';
import { useShellState } from './use-shell-state';

/**
 * The app frame (SPEC 2) and the session gates (SPEC 4), checked on every navigation: a loading state
 * while /api/me loads, then either a redirect or the page inside header, navigation and main landmark.
 */
export function AppShell() {
  const { t } = useTranslation();
  const client = useClient();
  const location = useLocation();
  const titles = readRouteHandles(useMatches());
  const { user, isLoading, error } = useSession();
  const state = useShellState(user, titles.isFocus);
  const pageTitle = titles.pageKey ? t(titles.pageKey) : null;
  const isHome = location.pathname === '/';

  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${client.name}` : client.name;
  }, [pageTitle, client.name]);
  useTimePing(user !== null);
  usePushRegistration(user);
  useScrollParam(!titles.isFocus);

  const redirect = isLoading ? null : resolveGateRedirect(user, client, location);
  if (redirect) return <Navigate to={redirect} replace />;
  const headerTitle = titles.isFocus || !titles.sectionKey ? client.name : t(titles.sectionKey);
  const hasBottomNav = state.navItems.length > 0;
  return (
    // The shell's column width, shared by header, navigation and page: wider in the admin area.
    <div
      className={clsx(
        'flex min-h-dvh flex-col',
        titles.isWide ? '[--shell-width:80rem]' : '[--shell-width:64rem]',
      )}
    >
      <SkipLink />
      <ShellHeader
        user={user}
        state={state}
        title={headerTitle}
        isHome={isHome}
        isFocus={titles.isFocus}
        pathname={location.pathname}
        isLoading={isLoading}
      />
      <ProgressBanner />
      <main
        id="main"
        tabIndex={-1}
        className={clsx(
          'mx-auto w-full max-w-(--shell-width) flex-1 px-4 py-6 focus:outline-none sm:py-8',
          hasBottomNav && 'pb-28 md:pb-8',
        )}
      >
        {error && !user && (
          <Alert tone="error" className="mb-6">
            {error.message}
          </Alert>
        )}
        {isLoading ? <PageLoader /> : <Outlet />}
      </main>
      {hasBottomNav && <MainNav items={state.navItems} pathname={location.pathname} variant="bottom" />}
      <Toaster />
    </div>
  );
}
