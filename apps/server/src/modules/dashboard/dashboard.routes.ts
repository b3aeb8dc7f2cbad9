import { DashboardQuerySchema, DashboardResponseSchema, ErrorResponseSchema } from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { gatherDashboard } from './commands/gather-dashboard.ts';
import { createDashboardCache } from './dashboard.cache.ts';
import { getDashboardRanges } from './dashboard.periods.ts';
import { dashboardScope, readDashboard, seesApplicants } from './dashboard.policy.ts';
import { presentDashboard } from './dashboard.presenter.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** GET /api/admin/dashboard (/admin, SPEC 6: ADMIN and ANALYST; a team lead sees their teams only). */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Answers per client, viewer scope and period, reused for a short while (see dashboard.cache.ts).
  const cache = createDashboardCache();
  // Role before input validation: a member learns nothing from a 400.
  app.addHook('preValidation', async (request) => {
    authorize(readDashboard(requireUser(request)));
  });

  r.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        querystring: DashboardQuerySchema,
        response: { 200: DashboardResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const clientId = request.tenant.id;
      const scope = dashboardScope(user);
      const { period } = request.query;
      const now = new Date();
      const ranges = getDashboardRanges(period, now);
      const withApplicants = seesApplicants(user);
      const key = { clientId, scope, seesApplicants: withApplicants, period, to: ranges.current.to };
      return cache.get(key, async () => {
        const { ranges: read, data } = await gatherDashboard(ctx.db, {
          clientId,
          scope,
          period,
          withApplicants,
          now,
        });
        return presentDashboard(period, read, scope, data);
      });
    },
  );
}
