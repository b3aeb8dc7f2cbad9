import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  /** Heading level of the title; h2 inside pages. */
  headingLevel?: 'h1' | 'h2' | 'h3';
}

/** An honest "nothing here (yet)" state: icon, a title and a short sentence on what will appear. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className,
  headingLevel = 'h2',
}: EmptyStateProps) {
  const Heading = headingLevel;
  return (
    <div
      className={clsx(
        'flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center',
        className,
      )}
    >
      <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-brand/10 text-brand-text">
        <Icon aria-hidden className="size-7" />
      </span>
      <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>
      {description && <p className="mt-1.5 max-w-md text-sm text-slate-600">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
