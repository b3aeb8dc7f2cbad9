import { clsx } from 'clsx';

/** A grey placeholder block shown while content loads; hidden from assistive technology. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden className={clsx('block animate-pulse rounded-lg bg-slate-200/80', className)} />;
}
