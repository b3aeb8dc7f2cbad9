import {
  CreateWebhookRequestSchema,
  ErrorResponseSchema,
  OkResponseSchema,
  UpdateWebhookRequestSchema,
  WebhookResponseSchema,
  WebhookSecretResponseSchema,
  WebhooksResponseSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import {
  changeWebhook,
  createWebhook,
  removeWebhook,
  rotateWebhookSecret,
} from './commands/manage-webhooks.ts';
import { manageWebhooks } from './webhooks.policy.ts';
import { presentWebhook } from './webhooks.presenter.ts';
import { listWebhooks } from './webhooks.repository.ts';

const idParams = z.object({ id: z.uuid({ message: 'id must be a webhook id' }) });
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/**
 * The client's outgoing webhooks on the admin Integrations tab (ADMIN only, SPEC 6; issue 24): list, register (the
 * signing secret answered once), change, remove and rotate the secret (answered once). The delivery log is in
 * webhook-deliveries.routes.ts. Every change is in the audit log.
 */
export async function adminWebhooksRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', async (request) => authorize(manageWebhooks(requireUser(request))));
  const actorOf = (request: FastifyRequest) => ({ clientId: request.tenant.id, id: requireUser(request).id });

  r.get(
    '/api/admin/webhooks',
    { schema: { tags: ['admin'], response: { 200: WebhooksResponseSchema, ...errors } } },
    async (request) => ({
      webhooks: (await listWebhooks(ctx.db, { clientId: request.tenant.id })).map(presentWebhook),
    }),
  );

  r.post(
    '/api/admin/webhooks',
    {
      schema: {
        tags: ['admin'],
        body: CreateWebhookRequestSchema,
        response: {
          201: WebhookSecretResponseSchema,
          409: ErrorResponseSchema,
          503: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { row, secret } = await createWebhook(ctx, actorOf(request), request.body);
      reply.status(201);
      return { webhook: presentWebhook(row), secret };
    },
  );

  r.patch(
    '/api/admin/webhooks/:id',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        body: UpdateWebhookRequestSchema,
        response: { 200: WebhookResponseSchema, 404: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => ({
      webhook: presentWebhook(await changeWebhook(ctx, actorOf(request), request.params.id, request.body)),
    }),
  );

  r.delete(
    '/api/admin/webhooks/:id',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 200: OkResponseSchema, 404: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      await removeWebhook(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/admin/webhooks/:id/rotate-secret',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        response: {
          200: WebhookSecretResponseSchema,
          404: ErrorResponseSchema,
          503: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const { row, secret } = await rotateWebhookSecret(ctx, actorOf(request), request.params.id);
      return { webhook: presentWebhook(row), secret };
    },
  );
}
