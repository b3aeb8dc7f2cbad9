import {
  ErrorResponseSchema,
  ListQuerySchema,
  MyTeamsResponseSchema,
  PeoplePageResponseSchema,
  TeamDetailResponseSchema,
  TeamMembershipResponseSchema,
  TeamsDiscoverResponseSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { tellTeamChannelChange } from '../chat/chat.notices.ts';
import { canJoinTeam, canViewTeam, joinTeam } from './teams.policy.ts';
import {
  addTeamMember,
  countTeamMembers,
  findDiscoverableTeams,
  findMyTeams,
  findTeamMembers,
  findTeamStandings,
  getTeam,
  isTeamMember,
  removeTeamMember,
} from './teams.repository.ts';

const teamParams = z.object({ id: z.uuid({ message: 'id must be a team id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const NO_STANDING = (period: 'week' | 'month' | 'all') => ({ period, points: 0, rank: 1 });

/** Teams calls: the member's teams, discover, a team's page and members, joining and leaving. */
export async function teamsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The team with the viewer's access, or 404 when it is another client's or hidden from the viewer. */
  async function visibleTeam(request: FastifyRequest, teamId: string) {
    const user = requireUser(request);
    const team = await getTeam(ctx.db, { clientId: request.tenant.id, teamId });
    if (!team) throw notFound('$t(words.team) not found');
    const access = {
      isDiscoverable: team.isDiscoverable,
      isMember: await isTeamMember(ctx.db, { clientId: request.tenant.id, teamId: team.id, userId: user.id }),
      role: user.role,
    };
    if (!canViewTeam(access)) throw notFound('$t(words.team) not found');
    return { team, access };
  }

  r.get(
    '/api/teams',
    { schema: { tags: ['teams'], response: { 200: MyTeamsResponseSchema, ...errors } } },
    async (request) => {
      const [rows, standings] = await Promise.all([
        findMyTeams(ctx.db, { clientId: request.tenant.id, userId: requireUser(request).id }),
        findTeamStandings(ctx.db, { clientId: request.tenant.id }),
      ]);
      return {
        teams: rows.map((row) => {
          const all = standings.get(row.id)?.find((s) => s.period === 'all') ?? NO_STANDING('all');
          return { ...row, member_count: Number(row.member_count), points: all.points, rank: all.rank };
        }),
      };
    },
  );

  r.get(
    '/api/teams/discover',
    { schema: { tags: ['teams'], response: { 200: TeamsDiscoverResponseSchema, 401: ErrorResponseSchema } } },
    async (request) => {
      const teams = await findDiscoverableTeams(ctx.db, {
        clientId: request.tenant.id,
        userId: requireUser(request).id,
      });
      return { teams };
    },
  );

  r.get(
    '/api/teams/:id',
    {
      schema: {
        tags: ['teams'],
        params: teamParams,
        querystring: ListQuerySchema,
        response: { 200: TeamDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { team, access } = await visibleTeam(request, request.params.id);
      const [page, standings, memberCount] = await Promise.all([
        findTeamMembers(ctx.db, { clientId: request.tenant.id, teamId: team.id, query: request.query }),
        findTeamStandings(ctx.db, { clientId: request.tenant.id }),
        countTeamMembers(ctx.db, { clientId: request.tenant.id, teamId: team.id }),
      ]);
      return {
        team: {
          id: team.id,
          name: team.name,
          image_url: team.imageUrl,
          description: team.description,
          is_discoverable: team.isDiscoverable,
          member_count: memberCount,
          is_member: access.isMember,
          can_join: canJoinTeam(access),
          standings: standings.get(team.id) ?? [
            NO_STANDING('week'),
            NO_STANDING('month'),
            NO_STANDING('all'),
          ],
        },
        members: page.members,
        next_cursor: page.next_cursor,
      };
    },
  );

  r.get(
    '/api/teams/:id/members',
    {
      schema: {
        tags: ['teams'],
        params: teamParams,
        querystring: ListQuerySchema,
        response: { 200: PeoplePageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { team } = await visibleTeam(request, request.params.id);
      const page = await findTeamMembers(ctx.db, {
        clientId: request.tenant.id,
        teamId: team.id,
        query: request.query,
      });
      return { users: page.members, next_cursor: page.next_cursor };
    },
  );

  r.post(
    '/api/teams/:id/membership',
    {
      schema: {
        tags: ['teams'],
        params: teamParams,
        response: { 200: TeamMembershipResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { team, access } = await visibleTeam(request, request.params.id);
      if (!access.isMember) {
        authorize(joinTeam(access));
        await addTeamMember(ctx.db, {
          clientId: request.tenant.id,
          teamId: team.id,
          userId: requireUser(request).id,
        });
        await tellTeamChannelChange(ctx, {
          clientId: request.tenant.id,
          teamId: team.id,
          userIds: [requireUser(request).id],
        });
      }
      return {
        is_member: true,
        member_count: await countTeamMembers(ctx.db, { clientId: request.tenant.id, teamId: team.id }),
      };
    },
  );

  r.delete(
    '/api/teams/:id/membership',
    {
      schema: {
        tags: ['teams'],
        params: teamParams,
        response: { 200: TeamMembershipResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { team } = await visibleTeam(request, request.params.id);
      await removeTeamMember(ctx.db, {
        clientId: request.tenant.id,
        teamId: team.id,
        userId: requireUser(request).id,
      });
      await tellTeamChannelChange(ctx, {
        clientId: request.tenant.id,
        teamId: team.id,
        userIds: [requireUser(request).id],
      });
      return {
        is_member: false,
        member_count: await countTeamMembers(ctx.db, { clientId: request.tenant.id, teamId: team.id }),
      };
    },
  );
}
