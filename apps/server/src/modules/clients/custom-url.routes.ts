import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { linkOriginOf, slugHostOf } from '../../lib/origins.ts';
import { findClientIdForSlug, findClientWithLinkHost } from './clients.repository.ts';

const NOT_FOUND_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not found</title></head><body style="font:1rem system-ui,sans-serif;max-width:560px;margin:48px auto;padding:0 16px"><h1>No program has this address</h1><p>The link may be mistyped, or the program changed its address.</p></body></html>';

/**
 * GET /c/{slug}[/path]: a client's custom URL on the shared host (SPEC 5) takes the visitor to the client's own
 * address: its primary verified domain, else its subdomain of the app's host (`{slug}.{APP_HOST}`), with the rest
 * of the path and the query. The target is built from stored settings only, never from the request's Host.
 */
export async function customUrlRoutes(app: FastifyInstance, ctx: AppContext) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { slug, '*': rest = '' } = request.params as { slug: string; '*'?: string };
    const clientId = slug.length <= 63 ? await findClientIdForSlug(ctx.db, { slug }) : undefined;
    const row = clientId ? await findClientWithLinkHost(ctx.db, { clientId }) : undefined;
    const host = row ? (row.linkHost ?? slugHostOf(row.client.slug ?? '', ctx.config.appHost)) : null;
    const origin = linkOriginOf(host, ctx.config.publicUrl);
    if (!origin) return reply.status(404).type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    // Only a path on the client's own origin: `//` or `\` at the start could not leave it, but reads oddly.
    const path = `/${rest.replace(/^[/\\]+/, '')}`;
    reply.header('cache-control', 'no-store');
    return reply.redirect(`${origin}${path}${search}`, 302);
  };
  app.get('/c/:slug', { schema: { hide: true } }, handler);
  app.get('/c/:slug/*', { schema: { hide: true } }, handler);
}
