import type { Client } from '@rally/shared';
import { createContext, type ReactNode, useContext, useState } from 'react';

const ClientContext = createContext<Client | null>(null);
const SetClientContext = createContext<(client: Client) => void>(() => {});

/**
 * Provides the client (brand) the page was served for; it is known before the first render. An admin who
 * changes the client's settings replaces it (useSetClient), so the new words and features apply without reload.
 */
export function ClientProvider({ client: served, children }: { client: Client; children: ReactNode }) {
  const [client, setClient] = useState(served);
  return (
    <SetClientContext value={setClient}>
      <ClientContext value={client}>{children}</ClientContext>
    </SetClientContext>
  );
}

/** Replaces the app's client (after GET /api/bootstrap answered a changed one). */
export function useSetClient(): (client: Client) => void {
  return useContext(SetClientContext);
}

export function useClient(): Client {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient must be used inside ClientProvider');
  return client;
}

/** Ids of the client's enabled features. */
export function getFeatureIds(client: Client): string[] {
  return client.features.map((feature) => feature.id);
}
