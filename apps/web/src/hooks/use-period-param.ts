import { useSearchParams } from 'react-router';

/**
 * The period a page shows, kept in the address (`?period=…`, so a reload or a shared link keeps it): one of
 * `periods`, else `fallback`. Choosing one replaces the history entry and keeps the address's other parameters.
 */
export function usePeriodParam<P extends string>(periods: readonly P[], fallback: P) {
  const [params, setParams] = useSearchParams();
  const value = params.get('period');
  const period = periods.find((p) => p === value) ?? fallback;
  const choose = (next: P) => {
    const search = new URLSearchParams(params);
    search.set('period', next);
    setParams(search, { replace: true });
  };
  return [period, choose] as const;
}
