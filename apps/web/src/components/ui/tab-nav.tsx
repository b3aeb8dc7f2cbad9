import { clsx } from 'clsx';
import { Link, useLocation } from 'react-router';
import { findActiveTab } from '../../utils/active-tab';

export interface TabLink {
  path: string;
  label: string;
}

interface TabNavProps {
  items: readonly TabLink[];
  /** Accessible name of the navigation, e.g. "Community pages". */
  label: string;
  className?: string;
}

/** Route tabs as a navigation of links; the active one carries aria-current="page". */
export function TabNav({ items, label, className }: TabNavProps) {
  const { pathname } = useLocation();
  const active = findActiveTab(items, pathname);
  return (
    // Tabs wrap onto a second row rather than hiding behind a scroll nobody sees (13 admin tabs at 1280 px).
    <nav aria-label={label} className={clsx('-mx-4 px-4', className)}>
      <ul className="flex flex-wrap gap-x-1 border-b border-slate-200">
        {items.map((item) => (
          <li key={item.path}>
            <Link
              to={item.path}
              aria-current={item === active ? 'page' : undefined}
              className={clsx(
                '-mb-px inline-flex h-11 items-center border-b-2 px-3 text-sm font-medium transition',
                item === active
                  ? 'border-brand-text text-brand-text'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
