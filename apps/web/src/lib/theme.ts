import { type Client, DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '@rally/shared';

/**
 * Sets the client's colours as inline CSS variables on <html> (they win over the server's <style>). The colour
 * maths (contrast, accessible variants) loads only here: a served page has its colours in the head already.
 */
async function setThemeVariables(client: Client): Promise<string> {
  const { getThemeVariables } = await import('./theme-variables');
  const primary = client.config.primary_color || DEFAULT_PRIMARY_COLOR;
  const secondary = client.config.secondary_color || DEFAULT_SECONDARY_COLOR;
  const root = document.documentElement.style;
  for (const [name, value] of Object.entries(getThemeVariables(primary, secondary)))
    root.setProperty(name, value);
  return primary;
}

/**
 * The server injects `<style id="rally-theme">` with the client's colours before first paint. Without it
 * (vite dev server) the same variables are set here, so both paths theme the app identically.
 */
export async function applyTheme(client: Client): Promise<void> {
  if (document.getElementById('rally-theme')) return;
  await setThemeVariables(client);
}

/**
 * Repaints the running page in a changed client's brand: the colour variables, the browser's theme colour and the
 * favicon (its URL stays the same, so a new query string makes the browser fetch it again). The title follows the
 * client's name through the shell.
 */
export async function applyThemeLive(client: Client): Promise<void> {
  const primary = await setThemeVariables(client);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', primary);
  document
    .querySelector('link[rel="icon"]')
    ?.setAttribute('href', `/api/favicon/${encodeURIComponent(client.id)}?v=${Date.now()}`);
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
