import type { UseQueryResult } from '@tanstack/react-query';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { LoadFailed } from './load-failed';

interface QueryStatesProps<T> {
  query: UseQueryResult<T, Error>;
  /** Shown while the first answer loads. */
  skeleton: ReactNode;
  /** A line above the error's message. */
  errorTitle?: ReactNode;
  /** Whether an answer has nothing to show (then `empty` is shown instead of the figures). */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The states of a page of figures: a skeleton first, the error with Try again, an honest empty state, or the
 * figures — dimmed and marked busy while the previous answer stands in for a new period's.
 */
export function QueryStates<T>({
  query,
  skeleton,
  errorTitle,
  isEmpty,
  empty,
  children,
}: QueryStatesProps<T>) {
  if (query.isPending) return skeleton;
  if (query.isError)
    return <LoadFailed error={query.error} title={errorTitle} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data) && !query.isPlaceholderData) return empty;
  return (
    <div
      aria-busy={query.isPlaceholderData || undefined}
      className={clsx('space-y-5 transition-opacity', query.isPlaceholderData && 'opacity-60')}
    >
      {children(query.data)}
    </div>
  );
}
