import { ADMIN_TABS, getAdminTabs, isAdminRole, type NavItem } from '@rally/shared';
import {
  Activity,
  Award,
  FileChartColumn,
  FolderKanban,
  LayoutDashboard,
  Library,
  type LucideIcon,
  MessageCircle,
  Plug,
  Settings,
  ShieldCheck,
  ShoppingBag,
  UserCheck,
  Users,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { SideNavLayout } from '../../components/layouts/side-nav-layout';
import { PageLoader } from '../../components/ui/page-loader';
import { useNavContext } from '../../hooks/use-nav-context';
import { useUser } from '../../lib/auth';
import { AccessState, getItemAccess, NoAccess } from './access';
import { Upcoming } from './upcoming';

/** The admin tab a path belongs to: its own, or the tab it is under (/admin/projects/{id} → Projects). */
export function findAdminTab(pathname: string): NavItem | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (
    ADMIN_TABS.find((tab) => tab.path === path) ??
    ADMIN_TABS.find((tab) => tab.path !== '/admin' && path.startsWith(`${tab.path}/`))
  );
}

/** /admin/*: ADMIN or ANALYST; each tab checks its own rule (adminOnly, leadOnly, feature). */
export function AdminLayout() {
  const { t } = useTranslation();
  const ctx = useNavContext();
  const user = useUser();
  const { pathname } = useLocation();
  if (!isAdminRole(user)) return <NoAccess />;
  const current = findAdminTab(pathname);
  const access = getItemAccess(current, ctx);
  const items = getAdminTabs(ctx).map((tab) => ({
    path: tab.path,
    label: t(tab.labelKey),
    icon: ADMIN_PAGE_ICONS[tab.path.replace(/^\/admin\/?/, '') || 'dashboard'] ?? LayoutDashboard,
  }));
  return (
    <SideNavLayout items={items} label={t('admin.tabsLabel')}>
      {access === 'allowed' ? <Outlet /> : <AccessState access={access} />}
    </SideNavLayout>
  );
}

/** Icon of each admin page; titles and texts are `upcoming.admin.<key>`. */
export const ADMIN_PAGE_ICONS: Record<string, LucideIcon> = {
  dashboard: LayoutDashboard,
  general: Settings,
  projects: FolderKanban,
  participation: Activity,
  chat: MessageCircle,
  badges: Award,
  users: Users,
  applicants: UserCheck,
  library: Library,
  safety: ShieldCheck,
  integrations: Plug,
  ecommerce: ShoppingBag,
  reporting: FileChartColumn,
};

/** /admin/badges: its own chunk, loaded from here so the shell's route table does not grow (first-load budget). */
const AdminBadgesPage = lazy(() =>
  import('../../features/badges/components/admin-badges-page').then((m) => ({ default: m.AdminBadgesPage })),
);

/** /admin/applicants: its own chunk too. */
const AdminApplicantsPage = lazy(() =>
  import('../../features/applicants/components/admin-applicants-page').then((m) => ({
    default: m.AdminApplicantsPage,
  })),
);

/** /admin (Dashboard): its own chunk, with the charts (uPlot) it draws. */
const AdminDashboardPage = lazy(() =>
  import('../../features/dashboard/components/admin-dashboard-page').then((m) => ({
    default: m.AdminDashboardPage,
  })),
);

/** /admin/integrations: its own chunk (single sign-on, issue 24). */
const AdminIntegrationsPage = lazy(() =>
  import('../../features/integrations/components/admin-integrations-page').then((m) => ({
    default: m.AdminIntegrationsPage,
  })),
);

/** /admin/reporting: its own chunk, with the charts (uPlot) it draws. */
const AdminReportingPage = lazy(() =>
  import('../../features/reporting/components/admin-reporting-page').then((m) => ({
    default: m.AdminReportingPage,
  })),
);

export function AdminPage({ page }: { page: keyof typeof ADMIN_PAGE_ICONS }) {
  if (page === 'dashboard') {
    return (
      <Suspense fallback={<PageLoader />}>
        <AdminDashboardPage />
      </Suspense>
    );
  }
  if (page === 'applicants') {
    return (
      <Suspense fallback={<PageLoader />}>
        <AdminApplicantsPage />
      </Suspense>
    );
  }
  if (page === 'reporting') {
    return (
      <Suspense fallback={<PageLoader />}>
        <AdminReportingPage />
      </Suspense>
    );
  }
  if (page === 'integrations') {
    return (
      <Suspense fallback={<PageLoader />}>
        <AdminIntegrationsPage />
      </Suspense>
    );
  }
  if (page === 'badges') {
    return (
      <Suspense fallback={<PageLoader />}>
        <AdminBadgesPage />
      </Suspense>
    );
  }
  return <Upcoming icon={ADMIN_PAGE_ICONS[page] ?? LayoutDashboard} textKey={`upcoming.admin.${page}`} />;
}
