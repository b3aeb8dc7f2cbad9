import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../ui/card';

interface FocusLayoutProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: LucideIcon;
  children?: ReactNode;
  /** Under the card, e.g. links to other auth pages. */
  footer?: ReactNode;
  width?: 'md' | 'lg';
}

/** A centred card with the page's h1, for sign-in, onboarding and status pages. */
export function FocusLayout({
  title,
  description,
  icon: Icon,
  children,
  footer,
  width = 'md',
}: FocusLayoutProps) {
  return (
    <div className={clsx('mx-auto w-full py-2 sm:py-8', width === 'md' ? 'max-w-md' : 'max-w-2xl')}>
      <Card className="p-6 sm:p-8">
        {Icon && (
          <span className="mb-5 flex size-12 items-center justify-center rounded-2xl bg-brand/10 text-brand-text">
            <Icon aria-hidden className="size-6" />
          </span>
        )}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description && (
          <div className="mt-2 text-[0.9375rem] leading-relaxed text-slate-600">{description}</div>
        )}
        {children && <div className="mt-6">{children}</div>}
      </Card>
      {footer && <div className="mt-6 space-y-2 text-center text-sm text-slate-600">{footer}</div>}
    </div>
  );
}
