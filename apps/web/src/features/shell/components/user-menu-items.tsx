import { MenuItem, MenuSeparator } from '@headlessui/react';
import { clsx } from 'clsx';
import { ExternalLink, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const itemClasses =
  'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-slate-800 data-focus:bg-slate-100';

interface EntryProps {
  icon: LucideIcon;
  label: string;
  /** Extra content after the label, e.g. a count. */
  after?: ReactNode;
}

function EntryBody({ icon: Icon, label, after }: EntryProps) {
  return (
    <>
      <Icon aria-hidden className="size-5 shrink-0 text-slate-500" />
      <span className="flex-1">{label}</span>
      {after}
    </>
  );
}

/** A menu entry linking inside the app. */
export function MenuLinkItem({ to, ...entry }: EntryProps & { to: string }) {
  return (
    <MenuItem>
      <Link to={to} className={itemClasses}>
        <EntryBody {...entry} />
      </Link>
    </MenuItem>
  );
}

/** A menu entry opening an external page in a new tab. */
export function MenuExternalItem({ href, ...entry }: EntryProps & { href: string }) {
  return (
    <MenuItem>
      <a href={href} target="_blank" rel="noopener noreferrer" className={itemClasses}>
        <EntryBody {...entry} after={<ExternalLink aria-hidden className="size-4 text-slate-400" />} />
      </a>
    </MenuItem>
  );
}

/** A menu entry running an action. */
export function MenuButtonItem({
  onClick,
  tone,
  ...entry
}: EntryProps & { onClick: () => void; tone?: 'danger' }) {
  return (
    <MenuItem>
      <button
        type="button"
        onClick={onClick}
        className={clsx(itemClasses, tone === 'danger' && 'text-red-700')}
      >
        <EntryBody {...entry} />
      </button>
    </MenuItem>
  );
}

export function MenuDivider() {
  return <MenuSeparator className="my-1.5 h-px bg-slate-200" />;
}

/** Small count pill after a label. */
export function MenuCount({ count, label }: { count: number; label: string }) {
  return (
    <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-brand-contrast">
      <span aria-hidden>{count}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Red dot after a label (e.g. unread notifications). */
export function MenuDot({ label }: { label: string }) {
  return (
    <span className="size-2.5 rounded-full bg-red-600">
      <span className="sr-only">{label}</span>
    </span>
  );
}
