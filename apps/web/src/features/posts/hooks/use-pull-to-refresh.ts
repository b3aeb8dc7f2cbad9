import { useEffect, useRef, useState } from 'react';

const THRESHOLD = 70;
const MAX_PULL = 110;

/**
 * Pull-to-refresh on touch screens: pulling down from the top of the page by more than a threshold calls
 * `onRefresh`. Answers how far the page is pulled (for the indicator) and whether it is refreshing.
 */
export function usePullToRefresh(onRefresh: () => Promise<unknown>) {
  const [pull, setPull] = useState(0);
  const [isRefreshing, setIsRefreshing] = useState(false);
  const start = useRef<number | null>(null);
  const pullRef = useRef(0);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    const onStart = (event: TouchEvent) => {
      start.current =
        window.scrollY <= 0 && event.touches.length === 1 ? (event.touches[0]?.clientY ?? null) : null;
    };
    const onMove = (event: TouchEvent) => {
      if (start.current === null) return;
      const distance = (event.touches[0]?.clientY ?? 0) - start.current;
      pullRef.current = distance > 0 ? Math.min(distance * 0.6, MAX_PULL) : 0;
      setPull(pullRef.current);
    };
    const onEnd = () => {
      if (start.current === null) return;
      start.current = null;
      const shouldRefresh = pullRef.current >= THRESHOLD;
      pullRef.current = 0;
      setPull(0);
      if (!shouldRefresh) return;
      setIsRefreshing(true);
      void refresh.current().finally(() => setIsRefreshing(false));
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  return { pull, isRefreshing, isArmed: pull >= THRESHOLD };
}
