import {
  ErrorResponseSchema,
  ListQuerySchema,
  WebhookDeliveriesResponseSchema,
  WebhookDeliveryResponseSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { listDeliveries, resendDelivery, sendTestPing } from './commands/webhook-deliveries.ts';
import { manageWebhooks } from './webhooks.policy.ts';
import { presentDelivery } from './webhooks.presenter.ts';

const idParams = z.object({ id: z.uuid({ message: 'id must be a webhook id' }) });
const deliveryParams = idParams.extend({
  deliveryId: z.uuid({ message: 'deliveryId must be a delivery id' }),
});
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/**
 * A webhook's delivery log on the Integrations tab (ADMIN only, SPEC 6; issue 24): its deliveries newest first in
 * keyset pages, each with its attempts; Resend of one delivery; and a test ping.
 */
export async function adminWebhookDeliveriesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', async (request) => authorize(manageWebhooks(requireUser(request))));
  const actorOf = (request: FastifyRequest) => ({ clientId: request.tenant.id, id: requireUser(request).id });

  r.get(
    '/api/admin/webhooks/:id/deliveries',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        querystring: ListQuerySchema,
        response: { 200: WebhookDeliveriesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const page = await listDeliveries(ctx, {
        clientId: request.tenant.id,
        endpointId: request.params.id,
        query: request.query,
      });
      return {
        deliveries: page.deliveries.map((row) => presentDelivery(row, page.attempts)),
        next_cursor: page.nextCursor,
      };
    },
  );

  r.post(
    '/api/admin/webhooks/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        tags: ['admin'],
        params: deliveryParams,
        response: { 202: WebhookDeliveryResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { deliveries, attempts } = await resendDelivery(ctx, actorOf(request), {
        endpointId: request.params.id,
        deliveryId: request.params.deliveryId,
      });
      reply.status(202);
      return { delivery: presentDelivery(deliveries[0]!, attempts) };
    },
  );

  r.post(
    '/api/admin/webhooks/:id/test',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 202: WebhookDeliveryResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await sendTestPing(ctx, actorOf(request), request.params.id);
      reply.status(202);
      return { delivery: presentDelivery(row, []) };
    },
  );
}
