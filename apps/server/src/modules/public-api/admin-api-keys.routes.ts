import {
  ApiKeysResponseSchema,
  CreateApiKeyRequestSchema,
  CreatedApiKeyResponseSchema,
  ErrorResponseSchema,
  OkResponseSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { manageApiKeys } from './api-keys.policy.ts';
import { presentApiKey } from './api-keys.presenter.ts';
import { listApiKeys } from './api-keys.repository.ts';
import { createApiKey, removeApiKey } from './commands/manage-api-keys.ts';

const idParams = z.object({ id: z.uuid({ message: 'id must be an API key id' }) });
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** The client's API keys on the admin Integrations tab (ADMIN only; issue 24): list, create (token shown once), revoke. */
export async function adminApiKeysRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', async (request) => authorize(manageApiKeys(requireUser(request))));
  const actorOf = (request: FastifyRequest) => ({ clientId: request.tenant.id, id: requireUser(request).id });

  r.get(
    '/api/admin/api-keys',
    { schema: { tags: ['admin'], response: { 200: ApiKeysResponseSchema, ...errors } } },
    async (request) => ({
      api_keys: (await listApiKeys(ctx.db, { clientId: request.tenant.id })).map(presentApiKey),
    }),
  );

  r.post(
    '/api/admin/api-keys',
    {
      schema: {
        tags: ['admin'],
        body: CreateApiKeyRequestSchema,
        response: { 201: CreatedApiKeyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { row, token } = await createApiKey(ctx, actorOf(request), request.body);
      reply.status(201);
      return { api_key: presentApiKey(row), token };
    },
  );

  r.delete(
    '/api/admin/api-keys/:id',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 200: OkResponseSchema, 404: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      await removeApiKey(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
