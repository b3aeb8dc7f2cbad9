import { ErrorResponseSchema, StatsResponseSchema } from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { findBadgesOfUser } from './badges.repository.ts';

/** GET /api/stats: the member's earned and not yet earned badges. */
export async function badgesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/stats',
    { schema: { tags: ['badges'], response: { 200: StatsResponseSchema, 401: ErrorResponseSchema } } },
    async (request) => {
      const result = await findBadgesOfUser(ctx.db, {
        clientId: request.tenant.id,
        userId: requireUser(request).id,
      });
      const badges = result.map((b) => ({
        ...b,
        earned_at: b.earned_at ? new Date(b.earned_at).toISOString() : null,
      }));
      return {
        earnedBadges: badges.filter((b) => b.earned_at !== null),
        unearnedBadges: badges.filter((b) => b.earned_at === null),
      };
    },
  );
}
