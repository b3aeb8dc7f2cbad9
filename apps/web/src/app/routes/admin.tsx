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
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { SideNavLayout } from '../../components/layouts/side-nav-layout';
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

export function AdminPage({ page }: { page: keyof typeof ADMIN_PAGE_ICONS }) {
  return <Upcoming icon={ADMIN_PAGE_ICONS[page] ?? LayoutDashboard} textKey={`upcoming.admin.${page}`} />;
}
