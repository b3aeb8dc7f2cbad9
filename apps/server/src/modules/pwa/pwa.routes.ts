import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { iconVersion, PWA_ICON_NAMES, presentManifest } from './pwa.presenter.ts';
import { createPwaIconService } from './pwa.service.ts';

const YEAR_SECONDS = 31_536_000;

/**
 * The installable web app of each host (issue 11): its manifest and icons, drawn from the client's logo. A host
 * names only its own client's icons, and the icon route answers only for the host's client: any other id is 404.
 */
export async function pwaRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const icons = createPwaIconService(ctx, { log: app.log });

  const sendPng = (reply: FastifyReply, png: Buffer, cacheControl: string) =>
    reply.type('image/png').header('cache-control', cacheControl).send(png);

  r.get(
    '/manifest.webmanifest',
    { schema: { tags: ['pwa'], description: "The web app manifest of the host's client." } },
    async (request, reply) => {
      // Revalidated on every use: it follows the client's name, colour and logo, and costs nothing to build.
      reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache');
      return reply.send(JSON.stringify(presentManifest(request.tenant.client)));
    },
  );

  r.get(
    '/api/pwa-icons/:clientId/:icon',
    {
      schema: {
        tags: ['pwa'],
        description:
          "An icon of the host's client's installed app; `v` (from the manifest) makes it cacheable for a year.",
        params: z.object({ clientId: z.string().max(64), icon: z.enum(PWA_ICON_NAMES) }),
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const { client } = request.tenant;
      if (request.params.clientId !== client.id) throw notFound('No such icon');
      const png = await icons.icon(client, request.params.icon);
      // An address of the current version never changes; any other is answered with today's icon, briefly.
      const isCurrent = request.query.v === iconVersion(client);
      return sendPng(
        reply,
        png,
        isCurrent ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, max-age=3600',
      );
    },
  );

  // iOS asks for this address on its own when a page is added to the home screen; index.html links it as well.
  r.get(
    '/apple-touch-icon.png',
    { schema: { tags: ['pwa'], description: "The home-screen icon of the host's client on iOS." } },
    async (request, reply) =>
      sendPng(reply, await icons.icon(request.tenant.client, '180-apple.png'), 'public, max-age=3600'),
  );
}
