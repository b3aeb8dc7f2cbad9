import { BootstrapResponseSchema, type Client } from '@rally/shared';
import { api } from './api-client';

/**
 * The client this page was served for. The server embeds it as `<script id="rally-bootstrap">` so the
 * first render is already branded; without it (vite dev server) it is fetched from GET /api/bootstrap.
 */
export async function loadClient(): Promise<Client> {
  const embedded = document.getElementById('rally-bootstrap')?.textContent;
  if (embedded) {
    const parsed = BootstrapResponseSchema.safeParse(JSON.parse(embedded));
    if (parsed.success) return parsed.data.client;
    console.error('Invalid embedded bootstrap; fetching it instead', parsed.error.issues);
  }
  return fetchClient();
}

/** GET /api/bootstrap → the client as the server serves it now (e.g. after its settings changed). */
export async function fetchClient(): Promise<Client> {
  const { client } = await api.get('/api/bootstrap', { schema: BootstrapResponseSchema });
  return client;
}
