import type { Client } from '@rally/shared';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AppErrorBoundary } from '../components/errors/app-error-boundary';
import { ClientProvider } from '../lib/client';
import { i18n } from '../lib/i18n';
import { queryClient as appQueryClient } from '../lib/query-client';

interface AppProviderProps {
  client: Client;
  /** The app's query cache unless given (tests give each render a fresh one). */
  queryClient?: QueryClient;
  children: ReactNode;
}

/** Everything the app needs around the router: error boundary, i18n, the client, the query cache. */
export function AppProvider({ client, queryClient = appQueryClient, children }: AppProviderProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <AppErrorBoundary>
        <ClientProvider client={client}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </ClientProvider>
      </AppErrorBoundary>
    </I18nextProvider>
  );
}
