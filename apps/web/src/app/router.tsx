import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from '../components/errors/route-error';
import { PageLoader } from '../components/ui/page-loader';
import { AppShell } from './layout/app-shell';
import type { RouteHandle } from './layout/route-handle';

const focus = (titleKey: string): RouteHandle => ({ titleKey, chrome: 'focus' });
const page = (titleKey: string): RouteHandle => ({ titleKey });
/**
 * Every page's code loads on its first visit, so the first download holds only the shell and the page opened
 * (members open the app on phones, often on mobile data; `npm run check:bundle` keeps the budget). The router
 * keeps the current page until the chunk is there.
 */
const lazyPage = (load: () => Promise<ComponentType>) => ({
  lazy: async () => ({ Component: await load() }),
});
const auth = () => import('./routes/auth-pages');
const community = () => import('./routes/community');
const performance = () => import('./routes/performance');
const projects = () => import('./routes/projects');
const appPages = () => import('./routes/app-pages');
const onboarding = () => import('./routes/onboarding-pages');
const other = () => import('./routes/other-pages');
const status = () => import('./routes/status-pages');
const admin = () => import('./routes/admin');
const adminPage = (page: Parameters<typeof import('./routes/admin').AdminPage>[0]['page']) =>
  lazyPage(() =>
    admin().then(({ AdminPage }) => () => <AdminPage page={page} />),
  );

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
          { index: true, ...lazyPage(() => import('./routes/home').then((m) => m.HomePage)) },
          {
            path: 'projects',
            handle: page('nav.projects'),
            children: [
              { index: true, ...lazyPage(() => projects().then((m) => m.ProjectsPage)) },
              {
                path: ':projectId',
                ...lazyPage(() => projects().then((m) => m.ProjectPage)),
                handle: page('pages.project'),
              },
              {
                path: ':projectId/activities/:activityId',
                ...lazyPage(() => projects().then((m) => m.ActivityPage)),
                handle: page('pages.activity'),
              },
            ],
          },
          {
            path: 'community',
            ...lazyPage(() => community().then((m) => m.CommunityLayout)),
            handle: page('nav.community'),
            children: [
              { index: true, element: null },
              {
                path: 'feed',
                ...lazyPage(() => community().then((m) => m.CommunityFeedPage)),
                handle: page('tabs.feed'),
              },
              {
                path: 'teams',
                ...lazyPage(() => community().then((m) => m.CommunityTeamsPage)),
                handle: page('tabs.teams'),
              },
              {
                path: 'teams/:teamId',
                ...lazyPage(() => import('./routes/team').then((m) => m.TeamPage)),
                handle: page('pages.team'),
              },
              {
                path: 'following',
                ...lazyPage(() => community().then((m) => m.CommunityFollowingPage)),
                handle: page('tabs.following'),
              },
              {
                path: 'leaderboard',
                ...lazyPage(() => community().then((m) => m.CommunityLeaderboardPage)),
                handle: page('tabs.leaderboard'),
              },
            ],
          },
          {
            path: 'performance',
            ...lazyPage(() => performance().then((m) => m.PerformanceLayout)),
            handle: page('nav.performance'),
            children: [
              { index: true, element: null },
              {
                path: 'posts',
                ...lazyPage(() => performance().then((m) => m.MyPostsPage)),
                handle: page('tabs.myPosts'),
              },
              {
                path: 'metrics',
                ...lazyPage(() => performance().then((m) => m.MyMetricsPage)),
                handle: page('tabs.myMetrics'),
              },
              {
                path: 'badges',
                ...lazyPage(() => performance().then((m) => m.MyBadgesPage)),
                handle: page('tabs.myBadges'),
              },
            ],
          },
          {
            path: 'profile',
            ...lazyPage(() => appPages().then((m) => m.ProfilePage)),
            handle: page('nav.profile'),
          },
          {
            path: 'people/:userId',
            ...lazyPage(() =>
              import('../features/profiles/components/person-page').then((m) => m.PersonPage),
            ),
            handle: page('pages.person'),
          },
          {
            path: 'admin',
            ...lazyPage(() => admin().then((m) => m.AdminLayout)),
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
          {
            path: 'notifications',
            ...lazyPage(() => appPages().then((m) => m.NotificationsPage)),
            handle: page('pages.notifications'),
          },
          {
            path: 'notifications/settings',
            ...lazyPage(() =>
              import('../features/notifications/components/notification-settings-page').then(
                (m) => m.NotificationSettingsPage,
              ),
            ),
            handle: page('pages.notificationSettings'),
          },
          {
            path: 'training-library',
            ...lazyPage(() => projects().then((m) => m.TrainingLibraryPage)),
            handle: page('pages.training'),
          },
          { path: 'help', ...lazyPage(() => appPages().then((m) => m.HelpPage)), handle: page('pages.help') },
          { path: 'chat', ...lazyPage(() => appPages().then((m) => m.ChatPage)), handle: page('pages.chat') },
          { path: 'login', ...lazyPage(() => auth().then((m) => m.LoginPage)), handle: focus('pages.login') },
          {
            path: 'create',
            ...lazyPage(() => auth().then((m) => m.CreateAccountPage)),
            handle: focus('pages.create'),
          },
          { path: 'reset', ...lazyPage(() => auth().then((m) => m.ResetPage)), handle: focus('pages.reset') },
          {
            path: 'verify',
            ...lazyPage(() => auth().then((m) => m.VerifyPage)),
            handle: focus('pages.verify'),
          },
          { path: 'sso', ...lazyPage(() => auth().then((m) => m.SsoPage)), handle: focus('pages.sso') },
          {
            path: 'apply/:application',
            ...lazyPage(() => other().then((m) => m.ApplyPage)),
            handle: focus('pages.apply'),
          },
          {
            path: 'applicants/:applicant',
            ...lazyPage(() => other().then((m) => m.ApplicantPage)),
            handle: focus('pages.applicant'),
          },
          {
            path: 'integrations/teams',
            ...lazyPage(() => other().then((m) => m.TeamsIntegrationPage)),
            handle: focus('pages.teamsIntegration'),
          },
          {
            path: 'status/not-active',
            ...lazyPage(() => status().then((m) => m.NotActivePage)),
            handle: focus('pages.notActive'),
          },
          {
            path: 'status/check-email',
            ...lazyPage(() => status().then((m) => m.CheckEmailPage)),
            handle: focus('pages.checkEmail'),
          },
          {
            path: 'status/paused',
            ...lazyPage(() => status().then((m) => m.PausedPage)),
            handle: focus('pages.paused'),
          },
          {
            path: 'overview',
            ...lazyPage(() => onboarding().then((m) => m.OverviewPage)),
            handle: focus('pages.overview'),
          },
          {
            path: 'contract',
            ...lazyPage(() => onboarding().then((m) => m.ContractPage)),
            handle: focus('pages.contract'),
          },
          {
            path: 'onboarding',
            ...lazyPage(() => onboarding().then((m) => m.OnboardingPage)),
            handle: focus('pages.onboarding'),
          },
          {
            path: 'p/:id',
            ...lazyPage(() => other().then((m) => m.SharedPostPage)),
            handle: focus('pages.sharedPost'),
          },
          {
            path: '*',
            ...lazyPage(() => other().then((m) => m.NotFoundPage)),
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
