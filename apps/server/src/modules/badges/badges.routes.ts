import { ErrorResponseSchema, StatsResponseSchema } from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { adminBadgesRoutes } from './admin-badges.routes.ts';
import { presentStats } from './badges.presenter.ts';
import { findMemberStats } from './badges.repository.ts';

/** GET /api/stats (the member's earned and not yet earned badges) and the admin's /api/admin/badges. */
export async function badgesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/stats',
    { schema: { tags: ['badges'], response: { 200: StatsResponseSchema, 401: ErrorResponseSchema } } },
    async (request) => {
      const { list, awards, metrics } = await findMemberStats(ctx.db, {
        clientId: request.tenant.id,
        userId: requireUser(request).id,
      });
      return presentStats(list, awards, metrics);
    },
  );
  // The admin routes add a role check to each of theirs: their own encapsulated scope.
  await app.register(async (admin) => adminBadgesRoutes(admin, ctx));
}
