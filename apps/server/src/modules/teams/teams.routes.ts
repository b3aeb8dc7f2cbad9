import { ErrorResponseSchema, TeamsDiscoverResponseSchema } from '@rally/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { selectRows } from '../../db/client.ts';

/** Teams calls; GET /api/teams/discover lists discoverable teams the member is not in yet. */
export async function teamsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/teams/discover',
    { schema: { tags: ['teams'], response: { 200: TeamsDiscoverResponseSchema, 401: ErrorResponseSchema } } },
    async (request) => {
      const teams = await selectRows<{ id: string; name: string; image_url: string | null }>(
        ctx.db,
        sql`
        select t.id, t.name, t.image_url from teams t
        where t.client_id = ${request.tenant.id} and t.is_discoverable
          and not exists (select 1 from team_members tm where tm.team_id = t.id and tm.user_id = ${request.user!.id})
        order by t.name limit 200`,
      );
      return { teams };
    },
  );
}
