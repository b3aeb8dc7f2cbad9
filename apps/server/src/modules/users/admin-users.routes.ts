import {
  AdminUserResponseSchema,
  AdminUsersQuerySchema,
  AdminUsersResponseSchema,
  ErrorResponseSchema,
  isTeamLead,
  type Role,
  UpdateAdminUserRequestSchema,
} from '@rally/shared';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { teamMembers, teams, users } from '../../db/schema/index.ts';
import { requireRole, roleOf } from '../../lib/authorize.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { findAdminUsers, getAdminUser } from './admin-users.repository.ts';

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
    if (request.method === 'GET') requireRole(request, ['ADMIN', 'ANALYST'], 'see users');
    else requireRole(request, ['ADMIN'], 'change users');
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
      const me = request.user!;
      const lead = { role: roleOf(request), team_tags: me.team_tags };
      const onlyTeams = roleOf(request) === 'ANALYST' && isTeamLead(lead) ? me.team_tags : null;
      return findAdminUsers(ctx.db, request.tenant.id, request.query, onlyTeams);
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
    async (request) => {
      const clientId = request.tenant.id;
      const target = await getAdminUser(ctx.db, clientId, request.params.id);
      if (!target) throw notFound('User not found');
      const { role, team_ids: teamIds } = request.body;
      if (target.id === request.user!.id && role !== undefined && role !== 'ADMIN') {
        throw badRequest('You cannot take away your own admin role');
      }
      const wanted = teamIds ? [...new Set(teamIds)] : undefined;
      if (wanted && wanted.length > 0) {
        const known = await ctx.db
          .select({ id: teams.id })
          .from(teams)
          .where(and(eq(teams.clientId, clientId), inArray(teams.id, wanted)));
        if (known.length !== wanted.length) throw badRequest('team_ids must be teams of this app');
      }
      if (
        wanted &&
        target.role === 'APPLICANT' &&
        (role ?? 'APPLICANT') === 'APPLICANT' &&
        wanted.length > 0
      ) {
        throw badRequest('Applicants cannot join a team before they are accepted');
      }
      await ctx.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        if (role !== undefined) {
          await tx
            .update(users)
            .set({ role: role as Role, updatedAt: new Date() })
            .where(and(eq(users.id, target.id), eq(users.clientId, clientId)));
        }
        if (wanted) await setTeams(tx, clientId, target.id, wanted);
      });
      await ctx.sessions.invalidateUser(target.id);
      return { user: (await getAdminUser(ctx.db, clientId, target.id))! };
    },
  );
}

/** Makes the user's team membership exactly `teamIds`. */
async function setTeams(tx: Db, clientId: string, userId: string, teamIds: string[]) {
  await tx
    .delete(teamMembers)
    .where(
      and(
        eq(teamMembers.userId, userId),
        teamIds.length > 0 ? notInArray(teamMembers.teamId, teamIds) : undefined,
      ),
    );
  if (teamIds.length > 0) {
    await tx
      .insert(teamMembers)
      .values(teamIds.map((teamId) => ({ clientId, teamId, userId })))
      .onConflictDoNothing();
  }
}
