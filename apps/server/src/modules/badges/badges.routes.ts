import { ErrorResponseSchema, StatsResponseSchema } from '@rally/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { selectRows } from '../../db/client.ts';

interface BadgeRow {
  id: string;
  name: string;
  description: string | null;
  image_url: string | null;
  earned_at: Date | string | null;
}

/** GET /api/stats: the member's earned and not yet earned badges. */
export async function badgesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/stats',
    { schema: { tags: ['badges'], response: { 200: StatsResponseSchema, 401: ErrorResponseSchema } } },
    async (request) => {
      const result = await selectRows<BadgeRow>(
        ctx.db,
        sql`
        select b.id, b.name, b.description, b.image_url, ub.created_at as earned_at
        from badges b left join user_badges ub on ub.badge_id = b.id and ub.user_id = ${request.user!.id}
        where b.client_id = ${request.tenant.id} order by b.name`,
      );
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
