import { type Client, DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR, getContrastText } from '@rally/shared';

/**
 * The server injects `<style id="rally-theme">` with the client's colours before first paint. Without it
 * (vite dev server) the same variables are set here, so both paths theme the app identically.
 */
export function applyTheme(client: Client): void {
  if (document.getElementById('rally-theme')) return;
  const primary = client.config.primary_color || DEFAULT_PRIMARY_COLOR;
  const secondary = client.config.secondary_color || DEFAULT_SECONDARY_COLOR;
  const root = document.documentElement.style;
  root.setProperty('--color-primary', primary);
  root.setProperty('--color-secondary', secondary);
  root.setProperty('--color-primary-contrast', getContrastText(primary));
}

/** Sets `<title>` and the favicon when the server did not (vite dev server). */
export function applyHead(client: Client): void {
  if (!document.title) document.title = client.name;
  if (!document.querySelector('link[rel="icon"]')) {
    const link = document.createElement('link');
    link.rel = 'icon';
    link.href = `/api/favicon/${encodeURIComponent(client.id)}`;
    document.head.append(link);
  }
}
