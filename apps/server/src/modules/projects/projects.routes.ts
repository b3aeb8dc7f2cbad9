import { ErrorResponseSchema, ProjectsResponseSchema } from '@rally/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { selectRows } from '../../db/client.ts';

interface ProjectRow {
  id: string;
  name: string;
  description: string | null;
  image_url: string | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  joined: boolean;
  training: boolean;
  completed: boolean;
}
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** GET /api/projects: the member's projects and those they may join (open, or restricted to one of their teams). */
export async function projectsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/projects',
    { schema: { tags: ['projects'], response: { 200: ProjectsResponseSchema, 401: ErrorResponseSchema } } },
    async (request) => {
      const userId = request.user!.id;
      const result = await selectRows<ProjectRow>(
        ctx.db,
        sql`
        with my_teams as (select team_id from team_members where user_id = ${userId})
        select p.id, p.name, p.description, p.image_url, p.starts_at, p.ends_at,
          exists (select 1 from project_members pm where pm.project_id = p.id and pm.user_id = ${userId}) as joined,
          exists (select 1 from activities a where a.project_id = p.id and a.type = 'training') as training,
          exists (select 1 from activities a where a.project_id = p.id)
            and not exists (select 1 from activities a where a.project_id = p.id and not exists (
              select 1 from participations pa where pa.activity_id = a.id and pa.user_id = ${userId} and pa.is_complete)) as completed
        from projects p
        where p.client_id = ${request.tenant.id} and p.archived_at is null
          and (p.audience = 'open'
            or exists (select 1 from project_members pm where pm.project_id = p.id and pm.user_id = ${userId})
            or (p.audience = 'teams' and p.audience_team_ids && array(select team_id from my_teams)))
        order by p.id desc`,
      );
      return {
        projects: result.map((p) => ({
          id: p.id,
          name: p.name,
          description: p.description,
          image_url: p.image_url,
          starts_at: iso(p.starts_at),
          ends_at: iso(p.ends_at),
          joined: p.joined,
          completed: p.completed,
          context: { training: p.training },
        })),
      };
    },
  );
}
