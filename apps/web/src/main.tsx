import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ErrorScreen } from './components/errors/error-screen';
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
