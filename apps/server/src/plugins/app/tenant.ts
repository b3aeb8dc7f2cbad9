import { createHash } from 'node:crypto';
import type { Client } from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { presentClient } from '../../modules/clients/clients.presenter.ts';
import { clientHasTeams, findClientForHost } from '../../modules/clients/clients.repository.ts';

/** The client a request belongs to, resolved from its host. */
export interface RequestClient {
  id: string;
  client: Client;
  /** Pre-serialised GET /api/bootstrap body. */
  bootstrapJson: string;
  /** Changes with the client's favicon, so that its link in index.html is never served stale from a cache. */
  faviconVersion: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    tenant: RequestClient;
  }
}

const CACHE_TTL_MS = 10_000;

/**
 * Resolves `request.tenant` from the Host header once per request. Results are cached briefly per host;
 * `invalidate` drops them when a client changes.
 */
export function registerTenant(app: FastifyInstance, ctx: AppContext) {
  const cache = new Map<string, { value: RequestClient; expiresAt: number }>();

  async function resolve(host: string): Promise<RequestClient> {
    const hit = cache.get(host);
    if (hit && hit.expiresAt > Date.now()) return hit.value;
    const row = await findClientForHost(ctx.db, host);
    if (!row) throw new Error('No client is configured: seed the database or mark a client as default');
    const client = presentClient(row, await clientHasTeams(ctx.db, row.id));
    const faviconVersion = createHash('sha256')
      .update(row.faviconUrl ?? '')
      .digest('hex')
      .slice(0, 10);
    const value = { id: row.id, client, bootstrapJson: JSON.stringify({ client }), faviconVersion };
    cache.set(host, { value, expiresAt: Date.now() + CACHE_TTL_MS });
    return value;
  }

  app.decorateRequest('tenant', null as unknown as RequestClient);
  // A client changed on any instance: every instance drops its copies (the bus also delivers to this one).
  ctx.bus.subscribe('clients:changed', () => cache.clear());
  app.decorate('invalidateTenants', () => {
    cache.clear();
    ctx.bus.publish('clients:changed', '').catch((err) => app.log.warn({ err }, 'clients:changed not sent'));
  });
  app.addHook('onRequest', async (request) => {
    request.tenant = await resolve(request.hostname.toLowerCase());
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    invalidateTenants: () => void;
  }
}
