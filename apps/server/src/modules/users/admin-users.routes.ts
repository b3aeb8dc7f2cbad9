import {
  AdminUserResponseSchema,
  AdminUsersQuerySchema,
  AdminUsersResponseSchema,
  ErrorResponseSchema,
  UpdateAdminUserRequestSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { findAdminUsers } from './admin-users.repository.ts';
import { changeUserAccess } from './commands/change-user-access.ts';
import { changeUsers, seeUsers, visibleUserTeams } from './users.policy.ts';

const userParams = z.object({ id: z.uuid({ message: 'id must be a user id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** Admin: the client's users with their teams (ADMIN and ANALYST read; a team lead sees their teams' people), role and teams set by ADMIN. */
export async function adminUsersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', async (request) => {
    const user = requireUser(request);
    authorize(request.method === 'GET' ? seeUsers(user) : changeUsers(user));
  });

  r.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminUsersResponseSchema, ...errors },
      },
    },
    async (request) =>
      findAdminUsers(ctx.db, {
        clientId: request.tenant.id,
        query: request.query,
        onlyTeams: visibleUserTeams(requireUser(request)),
      }),
  );

  r.patch(
    '/api/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        params: userParams,
        body: UpdateAdminUserRequestSchema,
        response: { 200: AdminUserResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await changeUserAccess(
        ctx,
        { clientId: request.tenant.id, id: requireUser(request).id },
        { userId: request.params.id, role: request.body.role, teamIds: request.body.team_ids },
      );
      return { user };
    },
  );
}
