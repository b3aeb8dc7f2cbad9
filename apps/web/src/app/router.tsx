import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from '../components/errors/route-error';
import { PageLoader } from '../components/ui/page-loader';
import { loadLaterStrings } from '../lib/i18n';
import { AppShell } from './layout/app-shell';
import type { RouteHandle } from './layout/route-handle';

/** The name of a module's export that is a page component. */
type PageExport<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M];

const focus = (titleKey: string): RouteHandle => ({ titleKey, chrome: 'focus' });
const page = (titleKey: string): RouteHandle => ({ titleKey });
/**
 * Every page's code loads on its first visit, so the first download holds only the shell and the page opened
 * (members open the app on phones, often on mobile data; `npm run check:bundle` keeps the budget). The router
 * keeps the current page until the chunk is there.
 */
const lazyPage = <M,>(load: () => Promise<M>, name: PageExport<M>) => ({
  lazy: async () => {
    const [module] = await Promise.all([load(), loadLaterStrings()]);
    return { Component: module[name] as ComponentType };
  },
});
/** A page a first visit opens (home, login): it shows only first-load strings, so it does not wait for the rest. */
const firstPage = <M,>(load: () => Promise<M>, name: PageExport<M>) => ({
  lazy: async () => ({ Component: (await load())[name] as ComponentType }),
});
const auth = () => import('./routes/auth-pages');
const loginPage = () => import('./routes/login-page');
const community = () => import('./routes/community');
const performance = () => import('./routes/performance');
const projects = () => import('./routes/projects');
const appPages = () => import('./routes/app-pages');
const onboarding = () => import('./routes/onboarding-pages');
const other = () => import('./routes/other-pages');
const status = () => import('./routes/status-pages');
const admin = () => import('./routes/admin');
const adminPage = (page: Parameters<typeof import('./routes/admin').AdminPage>[0]['page']) => ({
  lazy: async () => {
    const [{ AdminPage }] = await Promise.all([admin(), loadLaterStrings()]);
    return { element: <AdminPage page={page} /> };
  },
});

/** Admin pages drawn by AdminPage (routes/admin.tsx) beside the dashboard. */
const ADMIN_PAGES = ['badges', 'applicants', 'integrations', 'ecommerce', 'reporting'] as const;

/** Every route of SPEC 2, with its title; guards live in the shell (session gates) and the pages. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    // Shown while a lazily loaded page opened first is fetched.
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        // A failing page keeps the header and navigation around the error screen.
        errorElement: <RouteError />,
        children: [
          { index: true, ...firstPage(() => import('./routes/home'), 'HomePage') },
          {
            path: 'projects',
            handle: page('nav.projects'),
            children: [
              { index: true, ...lazyPage(projects, 'ProjectsPage') },
              {
                path: ':projectId',
                ...lazyPage(projects, 'ProjectPage'),
                handle: page('pages.project'),
              },
              {
                path: ':projectId/activities/:activityId',
                ...lazyPage(projects, 'ActivityPage'),
                handle: page('pages.activity'),
              },
            ],
          },
          {
            path: 'community',
            ...lazyPage(community, 'CommunityLayout'),
            handle: page('nav.community'),
            children: [
              { index: true, element: null },
              {
                path: 'feed',
                ...lazyPage(community, 'CommunityFeedPage'),
                handle: page('tabs.feed'),
              },
              {
                path: 'teams',
                ...lazyPage(community, 'CommunityTeamsPage'),
                handle: page('tabs.teams'),
              },
              {
                path: 'teams/:teamId',
                ...lazyPage(() => import('./routes/team'), 'TeamPage'),
                handle: page('pages.team'),
              },
              {
                path: 'following',
                ...lazyPage(community, 'CommunityFollowingPage'),
                handle: page('tabs.following'),
              },
              {
                path: 'leaderboard',
                ...lazyPage(community, 'CommunityLeaderboardPage'),
                handle: page('tabs.leaderboard'),
              },
            ],
          },
          {
            path: 'performance',
            ...lazyPage(performance, 'PerformanceLayout'),
            handle: page('nav.performance'),
            children: [
              { index: true, element: null },
              {
                path: 'posts',
                ...lazyPage(performance, 'MyPostsPage'),
                handle: page('tabs.myPosts'),
              },
              {
                path: 'metrics',
                ...lazyPage(performance, 'MyMetricsPage'),
                handle: page('tabs.myMetrics'),
              },
              {
                path: 'badges',
                ...lazyPage(performance, 'MyBadgesPage'),
                handle: page('tabs.myBadges'),
              },
            ],
          },
          {
            path: 'profile',
            ...lazyPage(appPages, 'ProfilePage'),
            handle: page('nav.profile'),
          },
          {
            path: 'people/:userId',
            ...lazyPage(() => import('../features/profiles/components/person-page'), 'PersonPage'),
            handle: page('pages.person'),
          },
          {
            path: 'admin',
            ...lazyPage(admin, 'AdminLayout'),
            handle: { ...page('nav.admin'), width: 'wide' },
            children: [
              { index: true, ...adminPage('dashboard'), handle: page('admin.dashboard') },
              ...ADMIN_PAGES.map((key) => ({
                path: key,
                ...adminPage(key),
                handle: page(`admin.${key}`),
              })),
              {
                path: 'projects',
                ...lazyPage(() => import('./routes/admin-projects'), 'AdminProjectsPage'),
                handle: page('admin.projects'),
              },
              {
                path: 'projects/:projectId',
                ...lazyPage(() => import('./routes/admin-projects'), 'AdminProjectPage'),
                handle: page('admin.projects'),
              },
              {
                path: 'chat',
                ...lazyPage(() => import('../features/chat/components/admin-chat-screen'), 'AdminChatScreen'),
                handle: page('admin.chat'),
              },
              {
                path: 'participation',
                ...lazyPage(() => import('./routes/admin-participation'), 'AdminParticipationPage'),
                handle: page('admin.participation'),
              },
              {
                path: 'library',
                ...lazyPage(() => import('./routes/admin-library'), 'AdminLibraryPage'),
                handle: page('admin.library'),
              },
              {
                path: 'users',
                ...lazyPage(() => import('./routes/admin-users'), 'AdminUsersPage'),
                handle: page('admin.users'),
              },
              {
                path: 'safety',
                ...lazyPage(
                  () => import('../features/safety/components/admin-safety-page'),
                  'AdminSafetyPage',
                ),
                handle: page('admin.safety'),
              },
              {
                path: 'general',
                ...lazyPage(() => import('./routes/admin-general'), 'AdminGeneralRoute'),
                handle: page('admin.general'),
              },
            ],
          },
          {
            path: 'notifications',
            ...lazyPage(appPages, 'NotificationsPage'),
            handle: page('pages.notifications'),
          },
          {
            path: 'notifications/settings',
            ...lazyPage(
              () => import('../features/notifications/components/notification-settings-page'),
              'NotificationSettingsPage',
            ),
            handle: page('pages.notificationSettings'),
          },
          {
            path: 'training-library',
            ...lazyPage(projects, 'TrainingLibraryPage'),
            handle: page('pages.training'),
          },
          { path: 'help', ...lazyPage(appPages, 'HelpPage'), handle: page('pages.help') },
          {
            path: 'chat',
            ...lazyPage(() => import('./routes/chat-pages'), 'ChatPage'),
            // Wide: the conversation list, the conversation and a thread side by side.
            handle: { ...page('pages.chat'), width: 'wide' },
          },
          {
            path: 'login',
            ...firstPage(loginPage, 'LoginPage'),
            handle: focus('pages.login'),
          },
          {
            path: 'create',
            ...lazyPage(auth, 'CreateAccountPage'),
            handle: focus('pages.create'),
          },
          { path: 'reset', ...lazyPage(auth, 'ResetPage'), handle: focus('pages.reset') },
          {
            path: 'verify',
            ...lazyPage(auth, 'VerifyPage'),
            handle: focus('pages.verify'),
          },
          { path: 'sso', ...lazyPage(auth, 'SsoPage'), handle: focus('pages.sso') },
          {
            path: 'apply/:application',
            ...lazyPage(other, 'ApplyPage'),
            handle: focus('pages.apply'),
          },
          {
            path: 'applicants/:applicant',
            ...lazyPage(other, 'ApplicantPage'),
            handle: focus('pages.applicant'),
          },
          {
            path: 'integrations/teams',
            ...lazyPage(other, 'TeamsIntegrationPage'),
            handle: focus('pages.teamsIntegration'),
          },
          {
            // The pop-up Teams opens for the tab's sign-in (issue 24); outside both SPEC 4 gates, as its parent.
            path: 'integrations/teams/sign-in',
            ...lazyPage(other, 'TeamsSignInPage'),
            handle: focus('pages.teamsIntegration'),
          },
          {
            path: 'status/not-active',
            ...lazyPage(status, 'NotActivePage'),
            handle: focus('pages.notActive'),
          },
          {
            path: 'status/check-email',
            ...lazyPage(status, 'CheckEmailPage'),
            handle: focus('pages.checkEmail'),
          },
          {
            path: 'status/paused',
            ...lazyPage(status, 'PausedPage'),
            handle: focus('pages.paused'),
          },
          {
            path: 'overview',
            ...lazyPage(onboarding, 'OverviewPage'),
            handle: focus('pages.overview'),
          },
          {
            path: 'contract',
            ...lazyPage(onboarding, 'ContractPage'),
            handle: focus('pages.contract'),
          },
          {
            path: 'onboarding',
            ...lazyPage(onboarding, 'OnboardingPage'),
            handle: focus('pages.onboarding'),
          },
          {
            path: 'p/:id',
            ...lazyPage(other, 'SharedPostPage'),
            handle: focus('pages.sharedPost'),
          },
          {
            path: '*',
            ...lazyPage(other, 'NotFoundPage'),
            handle: page('pages.notFound'),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
