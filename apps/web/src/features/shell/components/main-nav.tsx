import type { NavItem } from '@rally/shared';
import { clsx } from 'clsx';
import { ChartColumn, FolderKanban, House, type LucideIcon, ShieldCheck, UserRound, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const ICONS: Record<string, LucideIcon> = {
  'nav.home': House,
  'nav.projects': FolderKanban,
  'nav.community': Users,
  'nav.performance': ChartColumn,
  'nav.profile': UserRound,
  'nav.admin': ShieldCheck,
};

/** Section root of an item ('/community/feed' → '/community'), so every tab of a section marks it active. */
function sectionOf(path: string): string {
  const [, first] = path.split('/');
  return first ? `/${first}` : '/';
}

function isItemActive(item: NavItem, pathname: string): boolean {
  const section = sectionOf(item.path);
  if (section === '/') return pathname === '/';
  return pathname === section || pathname.startsWith(`${section}/`);
}

interface MainNavProps {
  items: readonly NavItem[];
  pathname: string;
}

/** Bottom bar on phones (< 768 px), top bar from tablet width (SPEC 2). */
export function MainNav({ items, pathname }: MainNavProps) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.main')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:static md:border-t-0 md:bg-transparent md:pb-0 md:backdrop-blur-none"
    >
      <ul className="mx-auto flex max-w-5xl md:gap-1 md:px-4">
        {items.map((item) => {
          const Icon = ICONS[item.labelKey] ?? House;
          const isActive = isItemActive(item, pathname);
          return (
            <li key={item.labelKey} className="flex-1 md:flex-none">
              <Link
                to={item.path}
                aria-current={isActive ? 'page' : undefined}
                className={clsx(
                  'flex h-16 flex-col items-center justify-center gap-1 text-[11px] font-medium transition md:h-12 md:flex-row md:gap-2 md:border-b-2 md:px-3 md:text-sm',
                  isActive
                    ? 'text-brand md:border-brand'
                    : 'text-slate-500 hover:text-slate-900 md:border-transparent',
                )}
              >
                <Icon aria-hidden className="size-5 md:size-4" strokeWidth={isActive ? 2.4 : 2} />
                <span className="max-w-full truncate px-1 md:px-0">{t(item.labelKey)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
