import {
  type ActivityConfigInput,
  AdminActivityResponseSchema,
  ErrorResponseSchema,
  OkResponseSchema,
  UpdateActivityRequestSchema,
  UpsertActivityRequestSchema,
} from '@rally/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { activities } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { changesOf } from '../../lib/patch.ts';
import { announceActivity } from '../notifications/project-events.ts';
import { presentAdminActivity } from './admin-projects.presenter.ts';
import { type AdminProjectRow, findAdminActivities } from './admin-projects.repository.ts';
import { checkActivityConfig, checkDateOrder, isoOf, toDate } from './admin-projects.validation.ts';

const projectParams = z.object({ id: z.uuid({ message: 'id must be a project id' }) });
const activityParams = z.object({ id: z.uuid({ message: 'id must be an activity id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/**
 * Admins add, edit and archive a project's activities. Registered by adminProjectsRoutes inside its scope, so
 * its role check (writes ADMIN only) applies here too.
 */
export async function adminActivitiesRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { projectOr404: (request: FastifyRequest, id: string) => Promise<AdminProjectRow> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clientOf = (request: FastifyRequest) => request.tenant.id;
  const { projectOr404 } = deps;

  async function activityOr404(request: FastifyRequest, id: string) {
    const [row] = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.id, id), eq(activities.clientId, clientOf(request))));
    if (!row || row.archivedAt) throw notFound('Activity not found');
    return row;
  }

  r.post(
    '/api/admin/projects/:id/activities',
    {
      schema: {
        tags: ['admin'],
        params: projectParams,
        body: UpsertActivityRequestSchema,
        response: { 201: AdminActivityResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const project = await projectOr404(request, request.params.id);
      const b = request.body;
      checkDateOrder(b.starts_at, b.due_at, 'Due date');
      await checkActivityConfig(ctx, clientOf(request), b.config);
      const [row] = await ctx.db
        .insert(activities)
        .values({
          clientId: clientOf(request),
          projectId: project.id,
          type: b.config.type,
          title: b.title,
          description: b.description ?? null,
          points: b.points,
          config: b.config as ActivityConfigInput & Record<string, unknown>,
          startsAt: toDate(b.starts_at) ?? null,
          dueAt: toDate(b.due_at) ?? null,
        })
        .returning({ id: activities.id });
      const announced = { ...project, clientId: clientOf(request) };
      await announceActivity(ctx.db, announced, { id: row!.id, title: b.title }, request.user!.id);
      reply.status(201);
      const [fresh] = await findAdminActivities(ctx.db, clientOf(request), project.id, row!.id);
      return { activity: presentAdminActivity(fresh!) };
    },
  );

  r.patch(
    '/api/admin/activities/:id',
    {
      schema: {
        tags: ['admin'],
        params: activityParams,
        body: UpdateActivityRequestSchema,
        response: { 200: AdminActivityResponseSchema, ...errors },
      },
    },
    async (request) => {
      const current = await activityOr404(request, request.params.id);
      const b = request.body;
      if (b.config && b.config.type !== current.type)
        throw badRequest(`config.type must stay ${current.type}: an activity's type cannot change`);
      // PATCH is partial: the dates are checked as they will be, a new one against the kept other.
      checkDateOrder(
        b.starts_at !== undefined ? b.starts_at : isoOf(current.startsAt),
        b.due_at !== undefined ? b.due_at : isoOf(current.dueAt),
        'Due date',
      );
      if (b.config) {
        const used = current.config as { template_id?: string | null; creative_ids?: string[] };
        await checkActivityConfig(ctx, clientOf(request), b.config, {
          templateId: used.template_id ?? null,
          creativeIds: used.creative_ids ?? [],
        });
      }
      const changes = changesOf({
        title: b.title,
        description: b.description,
        points: b.points,
        config: b.config as (ActivityConfigInput & Record<string, unknown>) | undefined,
        startsAt: toDate(b.starts_at),
        dueAt: toDate(b.due_at),
      });
      if (changes) {
        await ctx.db
          .update(activities)
          .set(changes)
          .where(and(eq(activities.id, current.id), eq(activities.clientId, clientOf(request))));
      }
      const [fresh] = await findAdminActivities(ctx.db, clientOf(request), current.projectId, current.id);
      return { activity: presentAdminActivity(fresh!) };
    },
  );

  r.delete(
    '/api/admin/activities/:id',
    { schema: { tags: ['admin'], params: activityParams, response: { 200: OkResponseSchema, ...errors } } },
    async (request) => {
      const current = await activityOr404(request, request.params.id);
      // Archived, not deleted: members keep their participations and points.
      await ctx.db.update(activities).set({ archivedAt: new Date() }).where(eq(activities.id, current.id));
      return { ok: true as const };
    },
  );
}
