import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={clsx(
        'rounded-2xl border border-slate-200/80 bg-white shadow-sm shadow-slate-200/60',
        className,
      )}
      {...props}
    />
  );
}
