const RESTORE_ATTEMPTS = 20;
const RESTORE_INTERVAL_MS = 100;

/**
 * Scrolls to `target`, retried briefly while content is still loading in; the user taking over (wheel, touch)
 * ends it. Answers the function that stops it.
 */
export function restoreScroll(target: number): () => void {
  let attempts = 0;
  const stop = () => {
    window.clearInterval(timer);
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchstart', stop);
  };
  const timer = window.setInterval(() => {
    attempts += 1;
    window.scrollTo(0, target);
    const reached = Math.abs(window.scrollY - target) < 2;
    if (reached || attempts >= RESTORE_ATTEMPTS) stop();
  }, RESTORE_INTERVAL_MS);
  window.addEventListener('wheel', stop, { once: true, passive: true });
  window.addEventListener('touchstart', stop, { once: true, passive: true });
  return stop;
}
