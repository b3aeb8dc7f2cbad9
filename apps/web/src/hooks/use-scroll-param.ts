import { useEffect } from 'react';
import { useLocation } from 'react-router';

const PARAM = 'scroll';
const SAVE_DEBOUNCE_MS = 250;

function writeScrollParam(y: number) {
  const url = new URL(window.location.href);
  if (y > 0) url.searchParams.set(PARAM, String(y));
  else url.searchParams.delete(PARAM);
  if (url.href === window.location.href) return;
  // replaceState keeps the router's history state, so back/forward still work and no navigation happens.
  window.history.replaceState(window.history.state, '', url);
}

/**
 * Keeps the scroll position in a `scroll` query parameter (SPEC 2): saved with a debounce while scrolling,
 * restored on load (retried briefly while content is still loading in).
 */
export function useScrollParam(enabled: boolean): void {
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation (new location key).
  useEffect(() => {
    if (!enabled) return;
    const target = Number(new URLSearchParams(window.location.search).get(PARAM));
    if (!Number.isFinite(target) || target <= 0) {
      window.scrollTo(0, 0);
      return;
    }
    // Restoring is rare (a shared or reloaded link), so its code loads only then.
    let stop: (() => void) | null = null;
    let isCancelled = false;
    void import('./scroll-restore').then(({ restoreScroll }) => {
      if (!isCancelled) stop = restoreScroll(target);
    });
    return () => {
      isCancelled = true;
      stop?.();
    };
  }, [enabled, location.key]);

  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => writeScrollParam(Math.round(window.scrollY)), SAVE_DEBOUNCE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [enabled]);
}
