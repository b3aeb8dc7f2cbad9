import { useEffect, useRef } from 'react';

/**
 * Calls `onReach` when the returned sentinel element scrolls into view (IntersectionObserver), while
 * `isEnabled`; the next page starts loading a little before the end of the list (`rootMargin` ahead of it).
 */
export function useInfiniteScroll(onReach: () => void, isEnabled: boolean, rootMargin = '400px 0px') {
  const ref = useRef<HTMLDivElement | null>(null);
  const latest = useRef(onReach);
  latest.current = onReach;
  useEffect(() => {
    const element = ref.current;
    if (!element || !isEnabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isEnabled, rootMargin]);
  return ref;
}
