import { useEffect, useRef } from 'react';

/** Moves focus to the returned ref's element when `key` changes to a value (a pane that just opened). */
export function useFocusOnChange(key: string | null) {
  const ref = useRef<HTMLHeadingElement | null>(null);
  const previous = useRef(key);
  useEffect(() => {
    if (key === previous.current) return;
    previous.current = key;
    if (key) requestAnimationFrame(() => ref.current?.focus({ preventScroll: true }));
  }, [key]);
  return ref;
}

/**
 * Focus to move once the page has drawn the change that shows its target (a pane coming back): the element is
 * looked up after each render until it is there and displayed.
 */
export function usePendingFocus() {
  const pending = useRef<(() => HTMLElement | null) | null>(null);
  useEffect(() => {
    const element = pending.current?.();
    const isShown = typeof element?.checkVisibility === 'function' ? element.checkVisibility() : true;
    if (element && isShown) {
      element.focus({ preventScroll: true });
      pending.current = null;
    }
  });
  return (find: () => HTMLElement | null) => {
    pending.current = find;
  };
}
