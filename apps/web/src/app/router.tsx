import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from '../components/errors/route-error';
import { PageLoader } from '../components/ui/page-loader';
import { AppShell } from './layout/app-shell';
import type { RouteHandle } from './layout/route-handle';
import { AdminLayout, AdminPage } from './routes/admin';
import { ChatPage, HelpPage, NotificationsPage, ProfilePage } from './routes/app-pages';
import { CreateAccountPage, LoginPage, ResetPage, SsoPage, VerifyPage } from './routes/auth-pages';
import {
  CommunityFeedPage,
  CommunityFollowingPage,
  CommunityLayout,
  CommunityLeaderboardPage,
  CommunityTeamsPage,
} from './routes/community';
import { HomePage } from './routes/home';
import { ContractPage, OnboardingPage, OverviewPage } from './routes/onboarding-pages';
import {
  ApplicantPage,
  ApplyPage,
  NotFoundPage,
  SharedPostPage,
  TeamsIntegrationPage,
} from './routes/other-pages';
import { MyBadgesPage, MyMetricsPage, MyPostsPage, PerformanceLayout } from './routes/performance';
import { ActivityPage, ProjectPage, ProjectsPage, TrainingLibraryPage } from './routes/projects';
import { CheckEmailPage, NotActivePage, PausedPage } from './routes/status-pages';

const focus = (titleKey: string): RouteHandle => ({ titleKey, chrome: 'focus' });
const page = (titleKey: string): RouteHandle => ({ titleKey });
/**
 * A page whose code loads on its first visit: the admin area, the community and profiles stay out of the first
 * download, which members open on phones. The router keeps the current page until the chunk is there.
 */
const lazyPage = (load: () => Promise<ComponentType>) => ({
  lazy: async () => ({ Component: await load() }),
});

/** Admin pages still showing what will appear there. */
const ADMIN_PAGES = ['chat', 'badges', 'applicants', 'integrations', 'ecommerce', 'reporting'] as const;

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
          { index: true, element: <HomePage /> },
          {
            path: 'projects',
            handle: page('nav.projects'),
            children: [
              { index: true, element: <ProjectsPage /> },
              { path: ':projectId', element: <ProjectPage />, handle: page('pages.project') },
              {
                path: ':projectId/activities/:activityId',
                element: <ActivityPage />,
                handle: page('pages.activity'),
              },
            ],
          },
          {
            path: 'community',
            element: <CommunityLayout />,
            handle: page('nav.community'),
            children: [
              { index: true, element: null },
              { path: 'feed', element: <CommunityFeedPage />, handle: page('tabs.feed') },
              { path: 'teams', element: <CommunityTeamsPage />, handle: page('tabs.teams') },
              {
                path: 'teams/:teamId',
                ...lazyPage(() => import('./routes/team').then((m) => m.TeamPage)),
                handle: page('pages.team'),
              },
              { path: 'following', element: <CommunityFollowingPage />, handle: page('tabs.following') },
              {
                path: 'leaderboard',
                element: <CommunityLeaderboardPage />,
                handle: page('tabs.leaderboard'),
              },
            ],
          },
          {
            path: 'performance',
            element: <PerformanceLayout />,
            handle: page('nav.performance'),
            children: [
              { index: true, element: null },
              { path: 'posts', element: <MyPostsPage />, handle: page('tabs.myPosts') },
              { path: 'metrics', element: <MyMetricsPage />, handle: page('tabs.myMetrics') },
              { path: 'badges', element: <MyBadgesPage />, handle: page('tabs.myBadges') },
            ],
          },
          { path: 'profile', element: <ProfilePage />, handle: page('nav.profile') },
          {
            path: 'people/:userId',
            ...lazyPage(() =>
              import('../features/profiles/components/person-page').then((m) => m.PersonPage),
            ),
            handle: page('pages.person'),
          },
          {
            path: 'admin',
            element: <AdminLayout />,
            handle: page('nav.admin'),
            children: [
              { index: true, element: <AdminPage page="dashboard" />, handle: page('admin.dashboard') },
              ...ADMIN_PAGES.map((key) => ({
                path: key,
                element: <AdminPage page={key} />,
                handle: page(`admin.${key}`),
              })),
              {
                path: 'projects',
                ...lazyPage(() => import('./routes/admin-projects').then((m) => m.AdminProjectsPage)),
                handle: page('admin.projects'),
              },
              {
                path: 'projects/:projectId',
                ...lazyPage(() => import('./routes/admin-projects').then((m) => m.AdminProjectPage)),
                handle: page('admin.projects'),
              },
              {
                path: 'participation',
                ...lazyPage(() =>
                  import('./routes/admin-participation').then((m) => m.AdminParticipationPage),
                ),
                handle: page('admin.participation'),
              },
              {
                path: 'library',
                ...lazyPage(() => import('./routes/admin-library').then((m) => m.AdminLibraryPage)),
                handle: page('admin.library'),
              },
              {
                path: 'users',
                ...lazyPage(() => import('./routes/admin-users').then((m) => m.AdminUsersPage)),
                handle: page('admin.users'),
              },
              {
                path: 'safety',
                ...lazyPage(() =>
                  import('../features/safety/components/admin-safety-page').then((m) => m.AdminSafetyPage),
                ),
                handle: page('admin.safety'),
              },
              {
                path: 'general',
                ...lazyPage(() =>
                  import('../features/clients/components/admin-general-page').then((m) => m.AdminGeneralPage),
                ),
                handle: page('admin.general'),
              },
            ],
          },
          { path: 'notifications', element: <NotificationsPage />, handle: page('pages.notifications') },
          {
            path: 'notifications/settings',
            ...lazyPage(() =>
              import('../features/notifications/components/notification-settings-page').then(
                (m) => m.NotificationSettingsPage,
              ),
            ),
            handle: page('pages.notificationSettings'),
          },
          { path: 'training-library', element: <TrainingLibraryPage />, handle: page('pages.training') },
          { path: 'help', element: <HelpPage />, handle: page('pages.help') },
          { path: 'chat', element: <ChatPage />, handle: page('pages.chat') },
          { path: 'login', element: <LoginPage />, handle: focus('pages.login') },
          { path: 'create', element: <CreateAccountPage />, handle: focus('pages.create') },
          { path: 'reset', element: <ResetPage />, handle: focus('pages.reset') },
          { path: 'verify', element: <VerifyPage />, handle: focus('pages.verify') },
          { path: 'sso', element: <SsoPage />, handle: focus('pages.sso') },
          { path: 'apply/:application', element: <ApplyPage />, handle: focus('pages.apply') },
          { path: 'applicants/:applicant', element: <ApplicantPage />, handle: focus('pages.applicant') },
          {
            path: 'integrations/teams',
            element: <TeamsIntegrationPage />,
            handle: focus('pages.teamsIntegration'),
          },
          { path: 'status/not-active', element: <NotActivePage />, handle: focus('pages.notActive') },
          { path: 'status/check-email', element: <CheckEmailPage />, handle: focus('pages.checkEmail') },
          { path: 'status/paused', element: <PausedPage />, handle: focus('pages.paused') },
          { path: 'overview', element: <OverviewPage />, handle: focus('pages.overview') },
          { path: 'contract', element: <ContractPage />, handle: focus('pages.contract') },
          { path: 'onboarding', element: <OnboardingPage />, handle: focus('pages.onboarding') },
          { path: 'p/:id', element: <SharedPostPage />, handle: focus('pages.sharedPost') },
          { path: '*', element: <NotFoundPage />, handle: page('pages.notFound') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
