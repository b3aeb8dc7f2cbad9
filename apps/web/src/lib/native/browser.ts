/** A browser tab opened before its address is known. */
export interface PendingWindow {
  navigate: (url: string) => void;
  close: () => void;
}

/**
 * Opens a blank tab now, while the click still counts as the member's gesture, so popup blockers let it
 * through; the caller sends it to the address once an API call has answered. On native, links open in
 * the system browser when navigated. Null when the browser refused.
 */
export function openPendingWindow(): PendingWindow | null {
  const opened = window.open('about:blank', '_blank');
  if (!opened) return null;
  // The opened page must not reach back into the app.
  opened.opener = null;
  return {
    navigate: (url) => {
      opened.location.href = url;
    },
    close: () => opened.close(),
  };
}

/** Opens an external address in a new tab (the system browser on native). */
export function openExternalUrl(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
