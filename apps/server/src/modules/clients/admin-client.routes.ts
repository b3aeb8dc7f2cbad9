import {
  AdminClientResponseSchema,
  type AdminClientSettings,
  CustomUrlRequestSchema,
  CustomUrlResponseSchema,
  ErrorResponseSchema,
  UpdateAdminClientRequestSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { publishClientEvent } from '../notifications/live.ts';
import {
  changedFields,
  normalizeChange,
  presentClientSettings,
  presentCustomUrl,
  toClientColumns,
} from './admin-client.presenter.ts';
import { checkClientChange } from './admin-client.validation.ts';
import { manageClientSettings } from './clients.policy.ts';
import { findClientById } from './clients.repository.ts';
import { changeCustomUrl } from './commands/set-custom-url.ts';
import { updateClientSettings } from './commands/update-client-settings.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/**
 * The admin General page (ADMIN only, SPEC 6): the client's own brand, words, features, channels, Community
 * variant, pause and terms. A saved change is served at once: the tenant cache (which also holds the bootstrap
 * body and the index.html brand) is dropped on this instance and, through the bus, on the others; then every open
 * app of this client hears `client.updated` on its live stream and re-reads the client.
 */
export async function adminClientRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', async (request) => authorize(manageClientSettings(requireUser(request))));

  async function currentRow(clientId: string) {
    const row = await findClientById(ctx.db, { clientId });
    if (!row) throw notFound('Client not found');
    return row;
  }

  r.get(
    '/api/admin/client',
    { schema: { tags: ['admin'], response: { 200: AdminClientResponseSchema, ...errors } } },
    async (request) => ({ settings: presentClientSettings(await currentRow(request.tenant.id)) }),
  );

  r.patch(
    '/api/admin/client',
    {
      schema: {
        tags: ['admin'],
        body: UpdateAdminClientRequestSchema,
        response: { 200: AdminClientResponseSchema, ...errors },
      },
    },
    async (request) => {
      const clientId = request.tenant.id;
      const row = await currentRow(clientId);
      const current = presentClientSettings(row);
      const patch = normalizeChange(request.body);
      const fields = changedFields(current, patch);
      if (fields.length === 0) return { settings: current };
      await checkClientChange(ctx, clientId, current, patch);
      const next = { ...current, ...patch } as AdminClientSettings;
      const changes = Object.fromEntries(fields.map((f) => [f, { from: current[f], to: next[f] }]));
      const updated = await updateClientSettings(ctx.db, {
        clientId,
        columns: toClientColumns(row, next),
        audit: { userId: requireUser(request).id, fields, changes },
      });
      app.invalidateTenants();
      // After the tenant caches are told to drop it (same bus, so in order): the open apps of this client's
      // members re-read the client and repaint in the new brand. A lost message must not fail the saved change.
      publishClientEvent(ctx.bus, clientId, 'client.updated').catch((err) =>
        request.log.warn({ err }, 'client.updated not sent'),
      );
      return { settings: presentClientSettings(updated) };
    },
  );

  // The custom URL (SPEC 5): the client's slug, unique across clients (409 when another client has it).
  r.get(
    '/api/admin/client/custom-url',
    { schema: { tags: ['admin'], response: { 200: CustomUrlResponseSchema, ...errors } } },
    async (request) => presentCustomUrl((await currentRow(request.tenant.id)).slug, ctx.config),
  );

  r.put(
    '/api/admin/client/custom-url',
    {
      schema: {
        tags: ['admin'],
        body: CustomUrlRequestSchema,
        response: { 200: CustomUrlResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = { clientId: request.tenant.id, id: requireUser(request).id };
      return presentCustomUrl(await changeCustomUrl(ctx, actor, request.body.custom_url), ctx.config);
    },
  );
}
