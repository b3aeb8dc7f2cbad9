import {
  AdminProjectDetailResponseSchema,
  AdminProjectResponseSchema,
  AdminProjectsQuerySchema,
  AdminProjectsResponseSchema,
  ErrorResponseSchema,
  ProjectInvitesRequestSchema,
  UpdateProjectRequestSchema,
  UpsertProjectRequestSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { adminActivitiesRoutes } from './admin-activities.routes.ts';
import { presentAdminProject, presentAdminProjectDetail } from './admin-projects.presenter.ts';
import {
  findAdminProjects,
  getAdminProject,
  getAdminProjectDetail,
  setProjectArchived,
} from './admin-projects.repository.ts';
import { createProject } from './commands/create-project.ts';
import { editProject } from './commands/edit-project.ts';
import { setProjectInvites } from './commands/set-project-invites.ts';
import { manageProjects, seeAdminProjects } from './projects.policy.ts';

const projectParams = z.object({ id: z.uuid({ message: 'id must be a project id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/**
 * Admins create, edit, schedule and archive projects and their activities (ADMIN only, SPEC 6); team leads
 * (ANALYST) see the Projects tab of the admin area, so they may read the same lists and details.
 */
export async function adminProjectsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', async (request) => {
    const user = requireUser(request);
    authorize(request.method === 'GET' ? seeAdminProjects(user) : manageProjects(user));
  });

  async function projectOr404(clientId: string, projectId: string) {
    const row = await getAdminProject(ctx.db, { clientId, projectId });
    if (!row) throw notFound('$t(words.project) not found');
    return row;
  }
  async function detail(clientId: string, projectId: string) {
    const found = await getAdminProjectDetail(ctx.db, { clientId, projectId });
    if (!found) throw notFound('$t(words.project) not found');
    return { project: presentAdminProjectDetail(found) };
  }

  r.get(
    '/api/admin/projects',
    {
      schema: {
        tags: ['admin'],
        querystring: AdminProjectsQuerySchema,
        response: { 200: AdminProjectsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      projects: (
        await findAdminProjects(ctx.db, { clientId: request.tenant.id, status: request.query.status })
      ).map(presentAdminProject),
    }),
  );

  r.post(
    '/api/admin/projects',
    {
      schema: {
        tags: ['admin'],
        body: UpsertProjectRequestSchema,
        response: { 201: AdminProjectResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createProject(ctx, {
        clientId: request.tenant.id,
        actorId: requireUser(request).id,
        project: request.body,
      });
      reply.status(201);
      return { project: presentAdminProject(created) };
    },
  );

  r.get(
    '/api/admin/projects/:id',
    {
      schema: {
        tags: ['admin'],
        params: projectParams,
        response: { 200: AdminProjectDetailResponseSchema, ...errors },
      },
    },
    async (request) => detail(request.tenant.id, request.params.id),
  );

  r.patch(
    '/api/admin/projects/:id',
    {
      schema: {
        tags: ['admin'],
        params: projectParams,
        body: UpdateProjectRequestSchema,
        response: { 200: AdminProjectResponseSchema, ...errors },
      },
    },
    async (request) => {
      const updated = await editProject(ctx, {
        clientId: request.tenant.id,
        actorId: requireUser(request).id,
        projectId: request.params.id,
        changes: request.body,
      });
      return { project: presentAdminProject(updated) };
    },
  );

  for (const action of ['archive', 'unarchive'] as const) {
    r.post(
      `/api/admin/projects/:id/${action}`,
      {
        schema: {
          tags: ['admin'],
          params: projectParams,
          response: { 200: AdminProjectResponseSchema, ...errors },
        },
      },
      async (request) => {
        const clientId = request.tenant.id;
        const current = await projectOr404(clientId, request.params.id);
        await setProjectArchived(ctx.db, { clientId, projectId: current.id, archived: action === 'archive' });
        return { project: presentAdminProject(await projectOr404(clientId, current.id)) };
      },
    );
  }

  r.put(
    '/api/admin/projects/:id/invites',
    {
      schema: {
        tags: ['admin'],
        params: projectParams,
        body: ProjectInvitesRequestSchema,
        response: { 200: AdminProjectDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      await setProjectInvites(ctx, {
        clientId: request.tenant.id,
        actorId: requireUser(request).id,
        projectId: request.params.id,
        userIds: request.body.user_ids,
      });
      return detail(request.tenant.id, request.params.id);
    },
  );

  await adminActivitiesRoutes(app, ctx);
}
