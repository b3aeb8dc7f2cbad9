import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ErrorScreen } from './components/errors/error-screen';
import { registerServiceWorker } from './features/shell/utils/service-worker';
import { loadClient } from './lib/bootstrap';
import { initI18n } from './lib/i18n';
import { applyHead, applyTheme } from './lib/theme';
import './index.css';

async function start(root: HTMLElement) {
  const reactRoot = createRoot(root);
  try {
    const client = await loadClient();
    applyTheme(client);
    applyHead(client);
    await initI18n(client);
    reactRoot.render(
      <StrictMode>
        <App client={client} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('Could not start the app', error);
    await initI18n(null);
    reactRoot.render(<ErrorScreen />);
  }
}

const root = document.getElementById('root');
if (root) void start(root);
// The offline shell and "Update Ready" of the installed app; the dev server has no build to precache.
if (import.meta.env.PROD) registerServiceWorker();
