import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { findActiveTab } from '../../utils/active-tab';
import { PageSelector } from '../ui/page-selector';

export interface SideNavLink {
  path: string;
  label: string;
  icon: LucideIcon;
}

interface SideNavLayoutProps {
  items: readonly SideNavLink[];
  /** Accessible name of the navigation, e.g. "Admin pages". */
  label: string;
  children: ReactNode;
}

/**
 * A section with many pages (the admin area's 13): a side navigation beside the page on desktop, where a row of
 * tabs would wrap, and the "Select a page" selector (SPEC 2) on phones and tablets.
 */
export function SideNavLayout({ items, label, children }: SideNavLayoutProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = findActiveTab(items, pathname);
  return (
    <div className="space-y-6 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:items-start lg:gap-8 lg:space-y-0">
      <PageSelector items={items} label={t('shell.selectPage')} className="lg:hidden" />
      <nav aria-label={label} className="hidden lg:sticky lg:top-4 lg:block">
        <ul className="space-y-0.5">
          {items.map((item) => {
            const Icon = item.icon;
            const isActive = item === active;
            return (
              <li key={item.path}>
                <Link
                  to={item.path}
                  aria-current={isActive ? 'page' : undefined}
                  className={clsx(
                    'flex min-h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition',
                    isActive
                      ? 'bg-brand/10 text-brand-text'
                      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                  )}
                >
                  <Icon aria-hidden className="size-4 shrink-0" />
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
