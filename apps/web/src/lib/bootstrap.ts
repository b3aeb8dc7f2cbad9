import type { BootstrapResponse, Client } from '@rally/shared';
import { ApiError, api, isRecordWithId } from './api-client';
import { i18n } from './i18n';

/**
 * The client this page was served for. The server embeds it as `<script id="rally-bootstrap">` so the
 * first render is already branded; without it (vite dev server) it is fetched from GET /api/bootstrap.
 *
 * The answer is typed, not parsed: the server validates it against BootstrapResponseSchema before sending or
 * embedding it, and leaving zod out keeps the first load within issue 11's budget.
 */
export async function loadClient(): Promise<Client> {
  const embedded = document.getElementById('rally-bootstrap')?.textContent;
  if (embedded) {
    const client = clientOf(safeJson(embedded));
    if (client) return client;
    console.error('Invalid embedded bootstrap; fetching it instead');
  }
  return fetchClient();
}

/** GET /api/bootstrap → the client as the server serves it now (e.g. after its settings changed). */
export async function fetchClient(): Promise<Client> {
  const client = clientOf(await api.get<BootstrapResponse>('/api/bootstrap'));
  if (!client)
    throw new ApiError(i18n.t('errors.unexpectedResponse', 'The server sent an unexpected answer.'), 200);
  return client;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function clientOf(body: unknown): Client | null {
  const client = (body as Partial<BootstrapResponse> | null)?.client;
  return isRecordWithId(client) && typeof client.config === 'object' && client.config !== null
    ? client
    : null;
}
