import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
// JSON inside <script> must not be able to close the tag.
const safeJson = (s: string) => s.replace(/</g, '\\u003c');

/** The head injected into index.html per client, so its brand applies before the shell paints. */
export function renderHead(request: FastifyRequest, contrast: (hex: string) => string): string {
  const { client, id, bootstrapJson } = request.tenant;
  const { primary_color: primary, secondary_color: secondary } = client.config;
  return [
    `<title>${escapeHtml(client.name)}</title>`,
    `<link rel="icon" href="/api/favicon/${id}">`,
    `<meta name="theme-color" content="${primary}">`,
    `<style id="rally-theme">:root{--color-primary:${primary};--color-secondary:${secondary};--color-primary-contrast:${contrast(primary)};--color-secondary-contrast:${contrast(secondary)}}</style>`,
    `<script id="rally-bootstrap" type="application/json">${safeJson(bootstrapJson)}</script>`,
  ].join('');
}

/** Serves the built web app: hashed assets from dist, and index.html (branded per host) for every app route. */
export async function webRoutes(app: FastifyInstance, ctx: AppContext, contrast: (hex: string) => string) {
  const indexPath = join(ctx.config.webDist, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn(`web app not built (${indexPath} missing): run npm run build`);
    return;
  }
  const template = readFileSync(indexPath, 'utf8');
  await app.register(fastifyStatic, {
    root: ctx.config.webDist,
    index: false,
    wildcard: false,
    setHeaders(reply, path) {
      if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/') || path.startsWith('/assets/')) {
      return reply.status(404).send({ message: `No route GET ${path}` });
    }
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    return template.replace('<!--rally-head-->', renderHead(request, contrast));
  });
}
