import {
  ErrorResponseSchema,
  OkResponseSchema,
  ProjectDetailResponseSchema,
  ProjectsQuerySchema,
  ProjectsResponseSchema,
  TrainingLibraryResponseSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { getProjectState } from './projects.policy.ts';
import { iso, presentActivity, presentProject } from './projects.presenter.ts';
import {
  findMemberProjects,
  findMemberTrainings,
  findProjectActivities,
  getMemberProject,
  joinProject,
  leaveProject,
} from './projects.repository.ts';

const params = z.object({ id: z.uuid({ message: 'id must be a project id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** The member's projects: list (filterable by activity type), detail, join, leave, and the training library. */
export async function projectsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const who = (request: FastifyRequest) => ({ clientId: request.tenant.id, userId: requireUser(request).id });

  async function detail(request: FastifyRequest, projectId: string) {
    const row = await getMemberProject(ctx.db, { ...who(request), projectId });
    if (!row) throw notFound('$t(words.project) not found');
    const activities = await findProjectActivities(ctx.db, { ...who(request), projectId });
    return { project: { ...presentProject(row), activities: activities.map(presentActivity) } };
  }

  r.get(
    '/api/projects',
    {
      schema: {
        tags: ['projects'],
        querystring: ProjectsQuerySchema,
        response: { 200: ProjectsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await findMemberProjects(ctx.db, { ...who(request), type: request.query.type });
      return { projects: rows.map(presentProject) };
    },
  );

  r.get(
    '/api/projects/:id',
    { schema: { tags: ['projects'], params, response: { 200: ProjectDetailResponseSchema, ...errors } } },
    async (request) => detail(request, request.params.id),
  );

  r.post(
    '/api/projects/:id/join',
    {
      schema: {
        tags: ['projects'],
        params,
        response: { 200: ProjectDetailResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await getMemberProject(ctx.db, { ...who(request), projectId: request.params.id });
      if (!row) throw notFound('$t(words.project) not found');
      const state = getProjectState(row);
      if (state === 'ended' || state === 'archived')
        throw conflict('This $t(words.project) has ended', 'project_ended');
      await joinProject(ctx.db, { ...who(request), projectId: row.id });
      return detail(request, row.id);
    },
  );

  r.post(
    '/api/projects/:id/leave',
    { schema: { tags: ['projects'], params, response: { 200: OkResponseSchema, ...errors } } },
    async (request) => {
      const row = await getMemberProject(ctx.db, { ...who(request), projectId: request.params.id });
      if (!row) throw notFound('$t(words.project) not found');
      // Leaving keeps what the member did (participations and points); it only stops further work.
      await leaveProject(ctx.db, { ...who(request), projectId: row.id });
      return { ok: true as const };
    },
  );

  r.get(
    '/api/training-library',
    { schema: { tags: ['projects'], response: { 200: TrainingLibraryResponseSchema, ...errors } } },
    async (request) => {
      const rows = await findMemberTrainings(ctx.db, who(request));
      return {
        trainings: rows.map((t) => ({
          id: t.id,
          title: t.title,
          description: t.description,
          points: t.points,
          project: { id: t.project_id, name: t.project_name },
          completed: t.completed,
          due_at: iso(t.due_at),
        })),
      };
    },
  );
}
