import { ErrorResponseSchema } from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { badRequest } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { drawTeamsIcons } from '../pwa/pwa.service.ts';
import { manageTeamsApp } from './msteams.policy.ts';
import { presentTeamsManifest, teamsOriginProblem } from './msteams.presenter.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/**
 * The client's Microsoft Teams app (issue 24): GET /api/admin/msteams/package answers the zip a Teams admin uploads
 * (manifest.json with the client's name, colour and address, and its two icons drawn from the logo). ADMIN only.
 */
export async function msteamsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/admin/msteams/package',
    { schema: { tags: ['admin'], response: errors } },
    async (request, reply) => {
      authorize(manageTeamsApp(requireUser(request)));
      const origin = request.tenant.linkOrigin;
      if (!origin)
        throw badRequest('Add a domain on the General tab first: the Teams app opens your own address');
      const problem = teamsOriginProblem(origin);
      if (problem) throw badRequest(problem);
      const client = request.tenant.client;
      const icons = await drawTeamsIcons(ctx, client, request.log);
      const zip = new JSZip();
      zip.file('manifest.json', JSON.stringify(presentTeamsManifest(client, origin, new Date()), null, 2));
      zip.file('color.png', icons.color);
      zip.file('outline.png', icons.outline);
      const body = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      const name =
        client.name
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .toLowerCase() || 'app';
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${name}-teams-app.zip"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
