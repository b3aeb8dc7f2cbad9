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
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { projectInvites, projects, users } from '../../db/schema/index.ts';
import { requireRole } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { announceInvites, announceProject } from '../notifications/project-events.ts';
import { displayNameOf, PERSON_COLUMNS } from '../users/people.presenter.ts';
import { adminActivitiesRoutes } from './admin-activities.routes.ts';
import { presentAdminActivity, presentAdminProject } from './admin-projects.presenter.ts';
import { findAdminActivities, findAdminProjects, getAdminProject } from './admin-projects.repository.ts';
import {
  checkAudience,
  checkDateOrder,
  checkFile,
  checkUsers,
  isoOf,
  toDate,
} from './admin-projects.validation.ts';

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
  r.addHook('preValidation', async (request) =>
    request.method === 'GET'
      ? requireRole(request, ['ADMIN', 'ANALYST'], 'see projects in the admin area')
      : requireRole(request, ['ADMIN'], 'manage projects'),
  );
  const clientOf = (request: FastifyRequest) => request.tenant.id;

  async function projectOr404(request: FastifyRequest, id: string) {
    const row = await getAdminProject(ctx.db, clientOf(request), id);
    if (!row) throw notFound('Project not found');
    return row;
  }
  async function detail(request: FastifyRequest, id: string) {
    const row = await projectOr404(request, id);
    const [acts, invites] = await Promise.all([
      findAdminActivities(ctx.db, clientOf(request), id),
      ctx.db
        .select({ userId: projectInvites.userId, person: PERSON_COLUMNS })
        .from(projectInvites)
        .innerJoin(users, eq(users.id, projectInvites.userId))
        .where(and(eq(projectInvites.projectId, id), eq(projectInvites.clientId, clientOf(request)))),
    ]);
    const invited = invites
      .map(({ person }) => ({
        id: person.id,
        display_name: displayNameOf(person),
        image_url: person.imageUrl,
      }))
      .sort((a, b) => a.display_name.localeCompare(b.display_name));
    return {
      project: {
        ...presentAdminProject(row),
        activities: acts.map(presentAdminActivity),
        invited_user_ids: invited.map((person) => person.id),
        invited_users: invited,
      },
    };
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
      projects: (await findAdminProjects(ctx.db, clientOf(request), request.query.status)).map(
        presentAdminProject,
      ),
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
      const b = request.body;
      checkDateOrder(b.starts_at, b.ends_at, 'End');
      await checkAudience(ctx, clientOf(request), b.audience, b.audience_team_ids);
      await checkFile(ctx, clientOf(request), b.image_url ?? null, 'Cover', ['image/']);
      const [row] = await ctx.db
        .insert(projects)
        .values({
          clientId: clientOf(request),
          name: b.name,
          description: b.description ?? null,
          imageUrl: b.image_url ?? null,
          audience: b.audience,
          audienceTeamIds: b.audience === 'teams' ? [...new Set(b.audience_team_ids)] : [],
          startsAt: toDate(b.starts_at) ?? null,
          endsAt: toDate(b.ends_at) ?? null,
        })
        .returning({ id: projects.id });
      const created = await projectOr404(request, row!.id);
      await announceProject(ctx.db, { ...created, clientId: clientOf(request) }, request.user!.id);
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
    async (request) => detail(request, request.params.id),
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
      const current = await projectOr404(request, request.params.id);
      const b = request.body;
      // PATCH is partial: what the request leaves out stays as it is, and the checks see the project as it
      // will be (a new end against the kept start, a kept team audience with its teams).
      const startsAt = b.starts_at !== undefined ? b.starts_at : isoOf(current.starts_at);
      const endsAt = b.ends_at !== undefined ? b.ends_at : isoOf(current.ends_at);
      const audience = b.audience ?? current.audience;
      const teamIds = audience === 'teams' ? (b.audience_team_ids ?? current.audience_team_ids) : [];
      checkDateOrder(startsAt, endsAt, 'End');
      await checkAudience(ctx, clientOf(request), audience, teamIds);
      if (b.image_url !== undefined)
        await checkFile(ctx, clientOf(request), b.image_url, 'Cover', ['image/']);
      await ctx.db
        .update(projects)
        .set({
          name: b.name,
          description: b.description,
          imageUrl: b.image_url,
          audience: b.audience,
          audienceTeamIds:
            b.audience !== undefined || b.audience_team_ids !== undefined ? [...new Set(teamIds)] : undefined,
          startsAt: toDate(b.starts_at),
          endsAt: toDate(b.ends_at),
          updatedAt: new Date(),
        })
        .where(and(eq(projects.id, current.id), eq(projects.clientId, clientOf(request))));
      const updated = await projectOr404(request, current.id);
      await announceProject(ctx.db, { ...updated, clientId: clientOf(request) }, request.user!.id, current);
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
        const current = await projectOr404(request, request.params.id);
        await ctx.db
          .update(projects)
          .set({ archivedAt: action === 'archive' ? new Date() : null, updatedAt: new Date() })
          .where(eq(projects.id, current.id));
        return { project: presentAdminProject(await projectOr404(request, current.id)) };
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
      const current = await projectOr404(request, request.params.id);
      const ids = [...new Set(request.body.user_ids)];
      await checkUsers(ctx, clientOf(request), ids);
      await ctx.db.transaction(async (tx) => {
        const before = await tx
          .select({ userId: projectInvites.userId })
          .from(projectInvites)
          .where(eq(projectInvites.projectId, current.id));
        await tx.delete(projectInvites).where(eq(projectInvites.projectId, current.id));
        if (ids.length > 0) {
          await tx
            .insert(projectInvites)
            .values(ids.map((userId) => ({ clientId: clientOf(request), projectId: current.id, userId })));
        }
        const wasInvited = new Set(before.map((row) => row.userId));
        const added = ids.filter((id) => !wasInvited.has(id));
        if (current.audience === 'invite') {
          await announceInvites(
            tx as unknown as Db,
            { ...current, clientId: clientOf(request) },
            added,
            request.user!.id,
          );
        }
      });
      return detail(request, current.id);
    },
  );

  await adminActivitiesRoutes(app, ctx, { projectOr404 });
}
