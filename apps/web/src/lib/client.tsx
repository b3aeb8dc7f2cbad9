import type { Client } from '@rally/shared';
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { fetchClient } from './bootstrap';

const ClientContext = createContext<Client | null>(null);
const SetClientContext = createContext<(client: Client) => boolean>(() => false);

/**
 * Provides the client (brand) the page was served for; it is known before the first render. When the client's
 * settings change (the admin saved them, or the live stream said so) it is replaced (useReloadClient), so the new
 * colours, words, name, logo and features apply without a reload.
 */
export function ClientProvider({ client: served, children }: { client: Client; children: ReactNode }) {
  const [client, setClient] = useState(served);
  const latest = useRef(JSON.stringify(served));
  const replace = useCallback((next: Client) => {
    const json = JSON.stringify(next);
    if (json === latest.current) return false;
    latest.current = json;
    setClient(next);
    return true;
  }, []);
  return (
    <SetClientContext value={replace}>
      <ClientContext value={client}>{children}</ClientContext>
    </SetClientContext>
  );
}

/** Replaces the app's client (after GET /api/bootstrap answered a changed one); false when nothing changed. */
export function useSetClient(): (client: Client) => boolean {
  return useContext(SetClientContext);
}

export function useClient(): Client {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient must be used inside ClientProvider');
  return client;
}

/**
 * Re-reads GET /api/bootstrap and, when the client changed, applies it to the running page: colour variables,
 * theme colour and favicon, the client's words (i18n) and the client context (name, logo, navigation, features).
 * The function is stable, so a live subscription can hold it without reconnecting.
 */
export function useReloadClient(): () => Promise<void> {
  const setClient = useSetClient();
  return useCallback(async () => {
    const client = await fetchClient();
    if (!setClient(client)) return;
    // The colour maths and the words' swap load only when a brand changes while the app is open.
    const [{ applyThemeLive }, { applyClientStrings }] = await Promise.all([
      import('./theme'),
      import('./language'),
    ]);
    await applyThemeLive(client);
    applyClientStrings(client);
  }, [setClient]);
}

/** Ids of the client's enabled features. */
export function getFeatureIds(client: Client): string[] {
  return client.features.map((feature) => feature.id);
}
