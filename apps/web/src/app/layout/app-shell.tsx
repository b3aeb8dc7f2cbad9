import { clsx } from 'clsx';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { PageLoader } from '../../components/ui/page-loader';
import { MainNav } from '../../features/shell/components/main-nav';
import { SkipLink } from '../../features/shell/components/skip-link';
import { useScrollParam } from '../../hooks/use-scroll-param';
import { useSession } from '../../lib/auth';
import { useClient } from '../../lib/client';
import { taskQueue } from '../../lib/tasks';
import { resolveGateRedirect } from './gate';
import { readRouteHandles } from './route-handle';
import { ShellHeader } from './shell-header';
import { useShellState } from './use-shell-state';

const ShellServices = lazy(() => import('./shell-services'));
// The "Create an account" dialog of guests' refused writes (lib/guest-prompt.ts): loaded for guests only.
const GuestPrompt = lazy(() => import('../../features/guests/components/guest-prompt'));
// Toasts follow an action, so their region loads just after the first paint (outside the first download).
const Toaster = lazy(() => import('../../components/ui/toaster').then((m) => ({ default: m.Toaster })));
// Drawn only while a background task runs, so it loads then.
const ProgressBanner = lazy(() =>
  import('../../features/shell/components/progress-banner').then((m) => ({ default: m.ProgressBanner })),
);

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
  // A page whose code (and words) failed to load shows its error under the client's name, not a key.
  const pageTitle = titles.pageKey ? t(titles.pageKey, { defaultValue: '' }) || null : null;
  const isHome = location.pathname === '/';
  const hasTask = useSyncExternalStore(taskQueue.subscribe, () => taskQueue.getSnapshot() !== null);

  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${client.name}` : client.name;
  }, [pageTitle, client.name]);
  useScrollParam(!titles.isFocus);

  const redirect = isLoading ? null : resolveGateRedirect(user, client, location);
  if (redirect) return <Navigate to={redirect} replace />;
  const headerTitle =
    (!titles.isFocus && titles.sectionKey && t(titles.sectionKey, { defaultValue: '' })) || client.name;
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
      {hasTask && (
        <Suspense fallback={null}>
          <ProgressBanner />
        </Suspense>
      )}
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
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      {user?.is_ghost && (
        <Suspense fallback={null}>
          <GuestPrompt />
        </Suspense>
      )}
      {user && !isLoading && (
        <Suspense fallback={null}>
          <ShellServices user={user} isLive={state.menuMode === 'full'} />
        </Suspense>
      )}
    </div>
  );
}
