import { clsx } from 'clsx';
import { NavLink } from 'react-router';

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
  return (
    // Tabs wrap onto a second row rather than hiding behind a scroll nobody sees (13 admin tabs at 1280 px).
    <nav aria-label={label} className={clsx('-mx-4 px-4', className)}>
      <ul className="flex flex-wrap gap-x-1 border-b border-slate-200">
        {items.map((item) => (
          <li key={item.path}>
            <NavLink
              to={item.path}
              end
              className={({ isActive }) =>
                clsx(
                  '-mb-px inline-flex h-11 items-center border-b-2 px-3 text-sm font-medium transition',
                  isActive
                    ? 'border-brand text-brand'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
