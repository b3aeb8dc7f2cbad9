import { BootstrapResponseSchema, DEFAULT_PRIMARY_COLOR, VersionResponseSchema } from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { serveUpload } from '../uploads/uploads.service.ts';
import { findClientById } from './clients.repository.ts';

/** The default favicon: the product mark on a circle of the given colour. */
export function defaultFavicon(color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${color}"/><path d="M22 46V18h12a9 9 0 0 1 2 17.8L44 46h-7.5l-7-10H29v10z" fill="#fff"/></svg>`;
}

/** Public client calls: bootstrap, version and favicon. */
export async function clientsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Pre-serialised per client: the body is identical for every visitor of a host. Fastify sends a string of JSON
  // type as it is (no serialisation), so this route is declared without the zod type provider, whose reply type
  // would want the parsed object.
  app.get(
    '/api/bootstrap',
    // About 1 KB, below the compression threshold: no compression hook on the hottest read.
    { schema: { tags: ['client'], response: { 200: BootstrapResponseSchema } }, compress: false },
    async (request, reply) => {
      reply.type('application/json; charset=utf-8');
      return reply.send(request.tenant.bootstrapJson);
    },
  );

  r.get(
    '/api/version',
    { schema: { tags: ['client'], response: { 200: VersionResponseSchema } } },
    async () => ({
      version: ctx.version,
    }),
  );

  r.get(
    '/api/favicon/:clientId',
    {
      schema: {
        tags: ['client'],
        params: z.object({ clientId: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      // A client's favicon and colour are served on its own hosts only, like every other file of it: any other
      // id (another client's, unknown, malformed) gets the product's default icon.
      const isOwn = request.params.clientId === request.tenant.id;
      const client = isOwn ? await findClientById(ctx.db, { clientId: request.tenant.id }) : undefined;
      if (client?.faviconUrl && (await serveUpload(ctx, reply, client.id, client.faviconUrl))) return reply;
      reply.type('image/svg+xml');
      return reply.send(defaultFavicon(client?.config.primary_color ?? DEFAULT_PRIMARY_COLOR));
    },
  );
}
