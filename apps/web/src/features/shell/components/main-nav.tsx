import type { NavItem } from '@rally/shared';
import { clsx } from 'clsx';
import {
  ChartColumn,
  FolderKanban,
  House,
  type LucideIcon,
  ShieldCheck,
  UserRound,
  Users,
} from 'lucide-react';
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
  /** 'bottom': fixed bar on phones; 'top': row under the header from tablet width. */
  variant: 'bottom' | 'top';
}

const navClasses = {
  bottom:
    'fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden',
  top: 'hidden border-t border-slate-100 md:block',
};

/** Bottom bar on phones (< 768 px), top bar from tablet width (SPEC 2); the other one is display:none. */
export function MainNav({ items, pathname, variant }: MainNavProps) {
  const { t } = useTranslation();
  const isTop = variant === 'top';
  return (
    <nav aria-label={t('nav.main')} className={navClasses[variant]}>
      <ul className={clsx('mx-auto flex max-w-(--shell-width)', isTop && 'gap-1 px-4')}>
        {items.map((item) => {
          const Icon = ICONS[item.labelKey] ?? House;
          const isActive = isItemActive(item, pathname);
          return (
            // Bottom items grow from their label's width, so six labels fit at 360 px without cutting any.
            <li key={item.labelKey} className={isTop ? undefined : 'min-w-0 flex-auto'}>
              <Link
                to={item.path}
                aria-current={isActive ? 'page' : undefined}
                className={clsx(
                  'flex font-medium transition',
                  isTop
                    ? '-mb-px h-12 items-center gap-2 border-b-2 px-3 text-sm'
                    : 'h-16 flex-col items-center justify-center gap-1 text-[0.6875rem] tracking-tight',
                  isActive ? 'text-brand-text' : 'text-slate-500 hover:text-slate-900',
                  isTop && (isActive ? 'border-brand-text' : 'border-transparent'),
                )}
              >
                <Icon aria-hidden className={isTop ? 'size-4' : 'size-5'} strokeWidth={isActive ? 2.4 : 2} />
                <span className="max-w-full truncate px-1">{t(item.labelKey)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
