import {
  ClientStringsResponseSchema,
  ErrorResponseSchema,
  UpdateClientStringsRequestSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { publishClientEvent } from '../notifications/live.ts';
import { manageClientSettings } from './clients.policy.ts';
import { findClientById } from './clients.repository.ts';
import { updateClientStrings } from './commands/update-client-strings.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/**
 * The words editor of /admin/general (ADMIN only, issue 14): the client's free overrides of any UI string, per
 * language. A saved change reaches every open app like the other settings (tenant caches dropped, then
 * `client.updated` on the live stream: the apps re-read the client and its strings).
 */
export async function adminStringsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', async (request) => authorize(manageClientSettings(requireUser(request))));

  r.get(
    '/api/admin/client/strings',
    { schema: { tags: ['admin'], response: { 200: ClientStringsResponseSchema, ...errors } } },
    async (request) => {
      const row = await findClientById(ctx.db, { clientId: request.tenant.id });
      if (!row) throw notFound('Client not found');
      return { strings: row.config.strings ?? {} };
    },
  );

  r.patch(
    '/api/admin/client/strings',
    {
      schema: {
        tags: ['admin'],
        body: UpdateClientStringsRequestSchema,
        response: { 200: ClientStringsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const clientId = request.tenant.id;
      const strings = await updateClientStrings(ctx.db, {
        clientId,
        userId: requireUser(request).id,
        body: request.body,
      });
      app.invalidateTenants();
      // A lost message must not fail the saved change: the apps also re-read the client on their next start.
      publishClientEvent(ctx.bus, clientId, 'client.updated').catch((err) =>
        request.log.warn({ err }, 'client.updated not sent'),
      );
      return { strings };
    },
  );
}
