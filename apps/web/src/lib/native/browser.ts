/**
 * Opens an external address in a new tab (the system browser on native). Answers false when a popup
 * blocker refused, so the caller can offer a link instead.
 */
export function openExternalUrl(url: string): boolean {
  const opened = window.open(url, '_blank');
  if (!opened) return false;
  // The network's page must not reach back into the app.
  opened.opener = null;
  return true;
}
