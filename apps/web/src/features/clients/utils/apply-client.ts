import { type Client, getContrastText } from '@rally/shared';
import { getClientNamespace, i18n, unflatten } from '../../../lib/i18n';

/**
 * Applies a changed client to the running page: theme variables (set inline on <html>, which wins over the
 * <style id="rally-theme"> the server injected), theme colour, favicon, title and the client's i18n strings.
 */
export function applyClientLive(client: Client): void {
  const { primary_color: primary, secondary_color: secondary } = client.config;
  const root = document.documentElement.style;
  root.setProperty('--color-primary', primary);
  root.setProperty('--color-secondary', secondary);
  root.setProperty('--color-primary-contrast', getContrastText(primary));
  root.setProperty('--color-secondary-contrast', getContrastText(secondary));
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', primary);
  // The favicon URL stays the same, so a query string makes the browser fetch the new one.
  document
    .querySelector('link[rel="icon"]')
    ?.setAttribute('href', `/api/favicon/${client.id}?v=${Date.now()}`);

  const ns = getClientNamespace(client);
  if (ns) {
    i18n.removeResourceBundle('en', ns);
    i18n.addResourceBundle('en', ns, unflatten(client.strings), true, true);
  }
  // Components re-render on languageChanged, so every t() picks up the new words.
  void i18n.changeLanguage(i18n.language);
}
