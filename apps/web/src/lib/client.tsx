import type { Client } from '@rally/shared';
import { createContext, type ReactNode, useContext } from 'react';

const ClientContext = createContext<Client | null>(null);

/** Provides the client (brand) the page was served for; it is known before the first render. */
export function ClientProvider({ client, children }: { client: Client; children: ReactNode }) {
  return <ClientContext value={client}>{children}</ClientContext>;
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
