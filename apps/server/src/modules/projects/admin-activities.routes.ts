import {
  AdminActivityResponseSchema,
  ErrorResponseSchema,
  OkResponseSchema,
  UpdateActivityRequestSchema,
  UpsertActivityRequestSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { presentAdminActivity } from './admin-projects.presenter.ts';
import { archiveActivity, getActivityRecord, getAdminProject } from './admin-projects.repository.ts';
import { addActivity } from './commands/add-activity.ts';
import { editActivity } from './commands/edit-activity.ts';

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
export async function adminActivitiesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      const clientId = request.tenant.id;
      const project = await getAdminProject(ctx.db, { clientId, projectId: request.params.id });
      if (!project) throw notFound('$t(words.project) not found');
      const activity = await addActivity(ctx, {
        clientId,
        actorId: requireUser(request).id,
        project,
        activity: request.body,
      });
      reply.status(201);
      return { activity: presentAdminActivity(activity) };
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
      const activity = await editActivity(ctx, {
        clientId: request.tenant.id,
        activityId: request.params.id,
        changes: request.body,
      });
      return { activity: presentAdminActivity(activity) };
    },
  );

  r.delete(
    '/api/admin/activities/:id',
    { schema: { tags: ['admin'], params: activityParams, response: { 200: OkResponseSchema, ...errors } } },
    async (request) => {
      const clientId = request.tenant.id;
      const current = await getActivityRecord(ctx.db, { clientId, activityId: request.params.id });
      if (!current || current.archivedAt) throw notFound('Activity not found');
      // Archived, not deleted: members keep their participations and points.
      await archiveActivity(ctx.db, { clientId, activityId: current.id });
      return { ok: true as const };
    },
  );
}
