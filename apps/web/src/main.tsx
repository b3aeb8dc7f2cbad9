import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ErrorScreen } from './components/errors/error-screen';
import { registerServiceWorker } from './features/shell/utils/service-worker';
import { loadClient } from './lib/bootstrap';
import { initI18n, loadLaterStrings } from './lib/i18n';
import './index.css';

async function start(root: HTMLElement) {
  const reactRoot = createRoot(root);
  try {
    const client = await loadClient();
    // The server puts the brand, title and favicon in the page's head; only the dev server's page lacks them.
    if (import.meta.env.DEV) {
      const { applyHead, applyTheme } = await import('./lib/theme');
      await applyTheme(client);
      applyHead(client);
    }
    await initI18n(client);
    reactRoot.render(
      <StrictMode>
        <App client={client} />
      </StrictMode>,
    );
    // The words of the other pages, once the first one is drawn (every other route also waits for them).
    whenIdle(() => loadLaterStrings().catch(() => undefined));
  } catch (error) {
    console.error('Could not start the app', error);
    await initI18n(null);
    reactRoot.render(<ErrorScreen />);
  }
}

/** Runs `task` after the page has loaded, when the browser is idle. */
function whenIdle(task: () => void) {
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(task) : setTimeout(task, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

const root = document.getElementById('root');
if (root) void start(root);
// The offline shell and "Update Ready" of the installed app; the dev server has no build to precache.
if (import.meta.env.PROD) registerServiceWorker();
