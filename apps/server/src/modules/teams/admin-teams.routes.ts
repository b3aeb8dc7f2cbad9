import {
  AdminTeamResponseSchema,
  AdminTeamsResponseSchema,
  CreateTeamRequestSchema,
  ErrorResponseSchema,
  OkResponseSchema,
  UpdateTeamRequestSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { tellTeamChannelChange } from '../chat/chat.notices.ts';
import { findClientUpload } from '../uploads/uploads.service.ts';
import { deleteTeam } from './commands/delete-team.ts';
import { manageTeams, mayBePlacedInTeam, seeAdminTeams } from './teams.policy.ts';
import {
  type AdminTeamRow,
  addTeamMember,
  findAdminTeams,
  findTeamCandidate,
  getTeam,
  insertTeam,
  removeTeamMember,
  updateTeam,
} from './teams.repository.ts';

const teamParams = z.object({ id: z.uuid({ message: 'id must be a team id' }) });
const memberParams = teamParams.extend({ userId: z.uuid({ message: 'userId must be a user id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

const present = (row: AdminTeamRow) => ({
  ...row,
  member_count: Number(row.member_count),
  created_at: new Date(row.created_at).toISOString(),
});

/** Admin: every team with member counts (ADMIN and ANALYST read); create, edit, delete and staff them (ADMIN). */
export async function adminTeamsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', async (request) => {
    const user = requireUser(request);
    authorize(request.method === 'GET' ? seeAdminTeams(user) : manageTeams(user));
  });

  async function listTeams(clientId: string, teamId?: string) {
    const rows = await findAdminTeams(ctx.db, { clientId, teamId });
    return rows.map(present);
  }
  async function teamOr404(request: FastifyRequest, id: string) {
    const team = await getTeam(ctx.db, { clientId: request.tenant.id, teamId: id });
    if (!team) throw notFound('$t(words.team) not found');
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
    async (request) => ({ teams: await listTeams(request.tenant.id) }),
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
      await checkImage(request.tenant.id, b.image_url);
      const id = await insertTeam(ctx.db, {
        clientId: request.tenant.id,
        team: {
          name: b.name,
          description: b.description ?? null,
          imageUrl: b.image_url ?? null,
          isDiscoverable: b.is_discoverable ?? true,
        },
      });
      refreshClient();
      const [team] = await listTeams(request.tenant.id, id);
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
      await checkImage(request.tenant.id, b.image_url);
      if (Object.values(b).some((v) => v !== undefined)) {
        await updateTeam(ctx.db, {
          clientId: request.tenant.id,
          teamId: team.id,
          changes: {
            name: b.name,
            description: b.description,
            imageUrl: b.image_url,
            isDiscoverable: b.is_discoverable,
          },
        });
      }
      // Members' sessions show the team's name (membership of /api/me).
      if (b.name !== undefined) await ctx.sessions.invalidateAll();
      const [row] = await listTeams(request.tenant.id, team.id);
      return { team: row! };
    },
  );

  r.delete(
    '/api/admin/teams/:id',
    { schema: { tags: ['admin'], params: teamParams, response: { 200: OkResponseSchema, ...errors } } },
    async (request) => {
      const team = await teamOr404(request, request.params.id);
      await deleteTeam(ctx.db, { clientId: request.tenant.id, teamId: team.id });
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
      const user = await findTeamCandidate(ctx.db, {
        clientId: request.tenant.id,
        userId: request.params.userId,
      });
      if (!user) throw notFound('User not found');
      if (!mayBePlacedInTeam(user))
        throw badRequest('Applicants cannot join a $t(words.team) before they are accepted');
      await addTeamMember(ctx.db, { clientId: request.tenant.id, teamId: team.id, userId: user.id });
      await ctx.sessions.invalidateUser(user.id);
      await tellTeamChannelChange(ctx, { clientId: request.tenant.id, teamId: team.id, userIds: [user.id] });
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/admin/teams/:id/members/:userId',
    { schema: { tags: ['admin'], params: memberParams, response: { 200: OkResponseSchema, ...errors } } },
    async (request) => {
      const team = await teamOr404(request, request.params.id);
      const user = await findTeamCandidate(ctx.db, {
        clientId: request.tenant.id,
        userId: request.params.userId,
      });
      if (!user) throw notFound('User not found');
      await removeTeamMember(ctx.db, { clientId: request.tenant.id, teamId: team.id, userId: user.id });
      await ctx.sessions.invalidateUser(user.id);
      await tellTeamChannelChange(ctx, { clientId: request.tenant.id, teamId: team.id, userIds: [user.id] });
      return { ok: true as const };
    },
  );
}
