import {
  CreateReportSubscriptionRequestSchema,
  ErrorResponseSchema,
  OkResponseSchema,
  ReportParamsSchema,
  ReportSubscriptionResponseSchema,
  ReportSubscriptionsResponseSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { presentSubscription, subscribeToReport } from './commands/send-report-subscriptions.ts';
import { deleteOwnSubscription, findOwnSubscriptions } from './report-subscriptions.repository.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** Scheduled reports: subscribe to a weekly or monthly email of a report, list and unsubscribe (own only). */
export async function reportSubscriptionsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/report-subscriptions',
    { schema: { tags: ['reporting'], response: { 200: ReportSubscriptionsResponseSchema, ...errors } } },
    async (request) => {
      const rows = await findOwnSubscriptions(ctx.db, {
        clientId: request.tenant.id,
        userId: requireUser(request).id,
      });
      return { subscriptions: rows.map(presentSubscription) };
    },
  );

  r.post(
    '/api/admin/reports/:report/subscriptions',
    {
      schema: {
        tags: ['reporting'],
        params: ReportParamsSchema,
        body: CreateReportSubscriptionRequestSchema,
        response: { 201: ReportSubscriptionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const subscription = await subscribeToReport(ctx, {
        clientId: request.tenant.id,
        userId: requireUser(request).id,
        report: request.params.report,
        body: request.body,
        client: { name: request.tenant.client.name, linkOrigin: request.tenant.linkOrigin },
      });
      reply.status(201);
      return { subscription };
    },
  );

  r.delete(
    '/api/admin/report-subscriptions/:id',
    {
      schema: {
        tags: ['reporting'],
        params: z.object({ id: z.uuid({ message: 'id must be an id' }) }),
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    async (request) => {
      const deleted = await deleteOwnSubscription(ctx.db, {
        clientId: request.tenant.id,
        userId: requireUser(request).id,
        id: request.params.id,
      });
      if (!deleted) throw notFound('Scheduled report not found');
      return { ok: true as const };
    },
  );
}
