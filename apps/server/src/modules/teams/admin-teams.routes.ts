import {
  AdminTeamResponseSchema,
  AdminTeamsResponseSchema,
  CreateTeamRequestSchema,
  ErrorResponseSchema,
  OkResponseSchema,
  UpdateTeamRequestSchema,
} from '@rally/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { selectRows } from '../../db/client.ts';
import { teamMembers, teams, users } from '../../db/schema/index.ts';
import { requireRole } from '../../lib/authorize.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { findClientUpload } from '../uploads/uploads.service.ts';
import { getTeam } from './teams.repository.ts';

const teamParams = z.object({ id: z.uuid({ message: 'id must be a team id' }) });
const memberParams = teamParams.extend({ userId: z.uuid({ message: 'userId must be a user id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

interface AdminTeamRow {
  id: string;
  name: string;
  description: string | null;
  image_url: string | null;
  is_discoverable: boolean;
  member_count: number;
  created_at: Date | string;
}

const present = (row: AdminTeamRow) => ({
  ...row,
  member_count: Number(row.member_count),
  created_at: new Date(row.created_at).toISOString(),
});

/** Admin: every team with member counts (ADMIN and ANALYST read); create, edit, delete and staff them (ADMIN). */
export async function adminTeamsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', async (request) => {
    if (request.method === 'GET') requireRole(request, ['ADMIN', 'ANALYST'], 'see teams');
    else requireRole(request, ['ADMIN'], 'manage teams');
  });
  const clientOf = (request: FastifyRequest) => request.tenant.id;

  async function listTeams(clientId: string, teamId?: string) {
    const rows = await selectRows<AdminTeamRow>(
      ctx.db,
      sql`
      select t.id, t.name, t.description, t.image_url, t.is_discoverable, t.created_at,
        (select count(*) from team_members tm where tm.team_id = t.id)::int as member_count
      from teams t
      where t.client_id = ${clientId} ${teamId ? sql`and t.id = ${teamId}` : sql``}
      order by lower(t.name), t.id`,
    );
    return rows.map(present);
  }
  async function teamOr404(request: FastifyRequest, id: string) {
    const team = await getTeam(ctx.db, clientOf(request), id);
    if (!team) throw notFound('Team not found');
    return team;
  }
  async function checkImage(clientId: string, url: string | null | undefined) {
    if (url && !(await findClientUpload(ctx, clientId, url))) {
      throw badRequest('Image must be a file uploaded to this app');
    }
  }
  /** has_teams of the bootstrap flips with the first and the last team: drop the cached client. */
  const refreshClient = () => app.invalidateTenants();

  r.get(
    '/api/admin/teams',
    { schema: { tags: ['admin'], response: { 200: AdminTeamsResponseSchema, ...errors } } },
    async (request) => ({ teams: await listTeams(clientOf(request)) }),
  );

  r.post(
    '/api/admin/teams',
    {
      schema: {
        tags: ['admin'],
        body: CreateTeamRequestSchema,
        response: { 201: AdminTeamResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const b = request.body;
      await checkImage(clientOf(request), b.image_url);
      const [row] = await ctx.db
        .insert(teams)
        .values({
          clientId: clientOf(request),
          name: b.name,
          description: b.description ?? null,
          imageUrl: b.image_url ?? null,
          isDiscoverable: b.is_discoverable ?? true,
        })
        .returning({ id: teams.id });
      refreshClient();
      const [team] = await listTeams(clientOf(request), row!.id);
      return reply.code(201).send({ team: team! });
    },
  );

  r.patch(
    '/api/admin/teams/:id',
    {
      schema: {
        tags: ['admin'],
        params: teamParams,
        body: UpdateTeamRequestSchema,
        response: { 200: AdminTeamResponseSchema, ...errors },
      },
    },
    async (request) => {
      const team = await teamOr404(request, request.params.id);
      const b = request.body;
      await checkImage(clientOf(request), b.image_url);
      if (Object.values(b).some((v) => v !== undefined)) {
        await ctx.db
          .update(teams)
          .set({
            name: b.name,
            description: b.description,
            imageUrl: b.image_url,
            isDiscoverable: b.is_discoverable,
          })
          .where(and(eq(teams.id, team.id), eq(teams.clientId, clientOf(request))));
      }
      // Members' sessions show the team's name (membership of /api/me).
      if (b.name !== undefined) await ctx.sessions.invalidateAll();
      const [row] = await listTeams(clientOf(request), team.id);
      return { team: row! };
    },
  );

  r.delete(
    '/api/admin/teams/:id',
    { schema: { tags: ['admin'], params: teamParams, response: { 200: OkResponseSchema, ...errors } } },
    async (request) => {
      const team = await teamOr404(request, request.params.id);
      await ctx.db.transaction(async (tx) => {
        await tx.delete(teams).where(and(eq(teams.id, team.id), eq(teams.clientId, clientOf(request))));
        // A lead's team tags name teams by id: a deleted team no longer limits (or widens) anyone.
        await tx
          .update(users)
          .set({ teamTags: sql`array_remove(${users.teamTags}, ${team.id})` })
          .where(and(eq(users.clientId, clientOf(request)), sql`${team.id} = any(${users.teamTags})`));
      });
      refreshClient();
      await ctx.sessions.invalidateAll();
      return { ok: true as const };
    },
  );

  r.put(
    '/api/admin/teams/:id/members/:userId',
    { schema: { tags: ['admin'], params: memberParams, response: { 200: OkResponseSchema, ...errors } } },
    async (request) => {
      const team = await teamOr404(request, request.params.id);
      const [user] = await ctx.db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(and(eq(users.id, request.params.userId), eq(users.clientId, clientOf(request))));
      if (!user) throw notFound('User not found');
      if (user.role === 'APPLICANT')
        throw badRequest('Applicants cannot join a team before they are accepted');
      await ctx.db
        .insert(teamMembers)
        .values({ clientId: clientOf(request), teamId: team.id, userId: user.id })
        .onConflictDoNothing();
      await ctx.sessions.invalidateUser(user.id);
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/admin/teams/:id/members/:userId',
    { schema: { tags: ['admin'], params: memberParams, response: { 200: OkResponseSchema, ...errors } } },
    async (request) => {
      const team = await teamOr404(request, request.params.id);
      const [user] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, request.params.userId), eq(users.clientId, clientOf(request))));
      if (!user) throw notFound('User not found');
      await ctx.db
        .delete(teamMembers)
        .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, user.id)));
      await ctx.sessions.invalidateUser(user.id);
      return { ok: true as const };
    },
  );
}
