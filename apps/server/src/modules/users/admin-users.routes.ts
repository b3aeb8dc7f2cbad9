import {
  AdminUserResponseSchema,
  AdminUsersQuerySchema,
  AdminUsersResponseSchema,
  ErrorResponseSchema,
  InviteUserRequestSchema,
  OkResponseSchema,
  UpdateAdminUserRequestSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { mailLocale } from '../../lib/mail-texts.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { presentAdminUser } from './admin-users.presenter.ts';
import { findAdminUsers } from './admin-users.repository.ts';
import { changeUserAccess } from './commands/change-user-access.ts';
import { inviteUser, resendInvitation, revokeInvitation } from './commands/invite-user.ts';
import { setUserActiveState } from './commands/set-user-active.ts';
import { changeUsers, seeUsers, visibleUserTeams } from './users.policy.ts';

const userParams = z.object({ id: z.uuid({ message: 'id must be a user id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** The signed-in user as the users commands see them, with the tenant. */
const actorOf = (request: FastifyRequest) => ({ ...requireUser(request), clientId: request.tenant.id });

/** The client an invitation mail is sent for; links use the tenant's link origin, never the request's Host. */
export const invitingClient = (request: FastifyRequest) => ({
  name: request.tenant.client.name,
  linkOrigin: request.tenant.linkOrigin,
  // Invitations are written in the inviting person's language (the invitee has none yet).
  locale: mailLocale(requireUser(request).locale),
});

/**
 * Admin Users (SPEC 6): ADMIN and ANALYST list the client's users (a team lead sees their teams' people only);
 * admins change anyone, an ANALYST the members of their teams and never to ADMIN: role and teams, deactivation and
 * reactivation, invitations (invite, resend, revoke). Every change leaves an audit row.
 */
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
    async (request) => {
      const actor = requireUser(request);
      const { rows, nextCursor } = await findAdminUsers(ctx.db, {
        clientId: request.tenant.id,
        query: request.query,
        onlyTeams: visibleUserTeams(actor),
      });
      return { users: rows.map((row) => presentAdminUser(row, actor)), next_cursor: nextCursor };
    },
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
    async (request) => ({
      user: await changeUserAccess(ctx, actorOf(request), {
        userId: request.params.id,
        role: request.body.role,
        teamIds: request.body.team_ids,
        teamTags: request.body.team_tags,
      }),
    }),
  );

  for (const [path, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    r.post(
      `/api/admin/users/:id/${path}`,
      {
        schema: {
          tags: ['admin'],
          params: userParams,
          response: { 200: AdminUserResponseSchema, ...errors },
        },
      },
      async (request) => ({
        user: await setUserActiveState(ctx, actorOf(request), { userId: request.params.id, active }),
      }),
    );
  }

  r.post(
    '/api/admin/users/invitations',
    {
      schema: {
        tags: ['admin'],
        body: InviteUserRequestSchema,
        response: { 201: AdminUserResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await inviteUser(ctx, actorOf(request), invitingClient(request), request.body);
      reply.status(201);
      return { user };
    },
  );

  r.post(
    '/api/admin/users/:id/invitation',
    {
      schema: {
        tags: ['admin'],
        params: userParams,
        response: { 200: AdminUserResponseSchema, ...errors },
      },
    },
    async (request) => ({
      user: await resendInvitation(ctx, actorOf(request), invitingClient(request), request.params.id),
    }),
  );

  r.delete(
    '/api/admin/users/:id/invitation',
    {
      schema: {
        tags: ['admin'],
        params: userParams,
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    async (request) => {
      await revokeInvitation(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
