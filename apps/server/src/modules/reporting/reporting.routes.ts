import {
  ErrorResponseSchema,
  ReportParamsSchema,
  ReportQuerySchema,
  ReportResponseSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { readReport } from './commands/read-report.ts';
import { reportExportsRoutes } from './report-exports.routes.ts';
import { reportSubscriptionsRoutes } from './report-subscriptions.routes.ts';
import { useReports } from './reporting.policy.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** Admin Reporting (/admin/reporting, SPEC 6: ADMIN only): reports, their exports and scheduled emails. */
export async function reportingRoutes(app: FastifyInstance, ctx: AppContext) {
  // Role before input validation: a member learns nothing from a 400.
  app.addHook('preValidation', async (request) => {
    authorize(useReports(requireUser(request)));
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/reports/:report',
    {
      schema: {
        tags: ['reporting'],
        params: ReportParamsSchema,
        querystring: ReportQuerySchema,
        response: { 200: ReportResponseSchema, ...errors },
      },
    },
    async (request) =>
      readReport(ctx.db, {
        clientId: request.tenant.id,
        report: request.params.report,
        query: request.query,
      }),
  );
  await reportExportsRoutes(app, ctx);
  await reportSubscriptionsRoutes(app, ctx);
}
