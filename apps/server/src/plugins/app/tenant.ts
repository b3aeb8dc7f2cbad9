import { createHash } from 'node:crypto';
import type { Client } from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context.ts';
import { linkOriginOf, slugOfHost } from '../../lib/origins.ts';
import { presentClient } from '../../modules/clients/clients.presenter.ts';
import {
  clientHasTeams,
  findClientIdForHost,
  findClientIdForSlug,
  findClientWithLinkHost,
  findDefaultClientId,
} from '../../modules/clients/clients.repository.ts';

/** The client a request belongs to, resolved from its host. */
export interface RequestClient {
  id: string;
  client: Client;
  /** Pre-serialised GET /api/bootstrap body. */
  bootstrapJson: string;
  /** Changes with the client's favicon, so that its link in index.html is never served stale from a cache. */
  faviconVersion: string;
  /**
   * Origin of the links the server sends for this client (reset, verification, share links): its primary verified
   * domain (else its first verified one), never the request's Host. Null when the client has none.
   */
  linkOrigin: string | null;
  /**
   * The request's host is one of the client's verified domains, or its custom URL's subdomain of the app's host. False when an unknown host (or a domain still
   * waiting for its DNS check, which serves nobody) fell back to the default client: such a request gets pages,
   * but the server sends no mail on its behalf.
   */
  isOwnHost: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    tenant: RequestClient;
  }
}

const CACHE_TTL_MS = 10_000;
// Bounds of the caches: hosts come from the request, so an attacker can send any number of them.
const MAX_HOSTS = 10_000;
const MAX_CLIENTS = 1_000;

/**
 * Resolves `request.tenant` from the Host header once per request. Each host's answer and each client's presented
 * config are kept briefly in bounded caches; every unknown host shares the default client's one entry.
 * `invalidate` drops them when a client changes.
 */
export function registerTenant(app: FastifyInstance, ctx: AppContext, opts: { maxHosts?: number } = {}) {
  const clients = new LRUCache<string, Promise<{ own: RequestClient; fallback: RequestClient }>>({
    max: MAX_CLIENTS,
    ttl: CACHE_TTL_MS,
  });
  // The answer per host, for the hot path: one lookup, no promise. Unknown hosts all point at the one shared
  // fallback object of the default client.
  const resolved = new LRUCache<string, RequestClient>({
    max: opts.maxHosts ?? MAX_HOSTS,
    ttl: CACHE_TTL_MS,
  });

  async function loadClient(clientId: string) {
    const row = await findClientWithLinkHost(ctx.db, { clientId });
    if (!row) throw new Error(`Client ${clientId} is gone`);
    const client = presentClient(row.client, await clientHasTeams(ctx.db, { clientId }), row.sso);
    const faviconVersion = createHash('sha256')
      .update(row.client.faviconUrl ?? '')
      .digest('hex')
      .slice(0, 10);
    const own: RequestClient = {
      id: clientId,
      client,
      bootstrapJson: JSON.stringify({ client }),
      faviconVersion,
      linkOrigin: linkOriginOf(row.linkHost, ctx.config.publicUrl),
      isOwnHost: true,
    };
    return { own, fallback: { ...own, isOwnHost: false } };
  }

  function clientEntry(clientId: string) {
    let entry = clients.get(clientId);
    if (!entry) {
      entry = loadClient(clientId);
      // A failed load must not stay cached.
      entry.catch(() => clients.delete(clientId));
      clients.set(clientId, entry);
    }
    return entry;
  }

  // The default client's id, looked up once per CACHE_TTL_MS.
  let defaultId: { id: Promise<string | undefined>; until: number } | null = null;
  function defaultClientId() {
    if (!defaultId || defaultId.until < Date.now()) {
      const entry = { id: findDefaultClientId(ctx.db), until: Date.now() + CACHE_TTL_MS };
      // A failed lookup (a busy database) must not stay cached for the TTL.
      entry.id.catch(() => {
        if (defaultId === entry) defaultId = null;
      });
      defaultId = entry;
    }
    return defaultId.id;
  }

  async function resolve(host: string): Promise<RequestClient> {
    // No domain name is longer than 253 characters: a longer Host is no client's and is not worth a lookup.
    const isNameLike = host.length <= 253;
    let clientId = isNameLike ? await findClientIdForHost(ctx.db, { host }) : undefined;
    // A client's custom URL is also its subdomain of the app's own host (`{slug}.{APP_HOST}`).
    const slug = isNameLike && !clientId ? slugOfHost(host, ctx.config.appHost) : null;
    if (slug) clientId = await findClientIdForSlug(ctx.db, { slug });
    let value: RequestClient;
    if (clientId) value = (await clientEntry(clientId)).own;
    else {
      const fallbackId = await defaultClientId();
      if (!fallbackId)
        throw new Error('No client is configured: seed the database or mark a client as default');
      value = (await clientEntry(fallbackId)).fallback;
    }
    if (isNameLike) resolved.set(host, value);
    return value;
  }

  const clear = () => {
    clients.clear();
    resolved.clear();
    defaultId = null;
  };
  app.decorateRequest('tenant', null as unknown as RequestClient);
  // A client changed on any instance: every instance drops its copies (the bus also delivers to this one).
  ctx.bus.subscribe('clients:changed', clear);
  app.decorate('tenantCacheSize', () => ({
    hosts: resolved.size,
    clients: clients.size,
  }));
  app.decorate('invalidateTenants', () => {
    clear();
    ctx.bus.publish('clients:changed', '').catch((err) => app.log.warn({ err }, 'clients:changed not sent'));
  });
  // Callback style, so that a cached host costs one lookup and no promise (this runs on every request).
  app.addHook('onRequest', (request, _reply, done) => {
    const host = request.hostname.toLowerCase();
    const hit = resolved.get(host);
    if (hit) {
      request.tenant = hit;
      done();
      return;
    }
    resolve(host).then((tenant) => {
      request.tenant = tenant;
      done();
    }, done);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    invalidateTenants: () => void;
    /** Entries held by the tenant caches (both bounded). */
    tenantCacheSize: () => { hosts: number; clients: number };
  }
}
