import {
  ErrorResponseSchema,
  ListQuerySchema,
  MyTeamsResponseSchema,
  PeoplePageResponseSchema,
  type Role,
  TeamDetailResponseSchema,
  TeamMembershipResponseSchema,
  TeamsDiscoverResponseSchema,
} from '@rally/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { selectRows } from '../../db/client.ts';
import { teamMembers } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { canJoinTeam, canViewTeam } from './teams.policy.ts';
import {
  countTeamMembers,
  findMyTeams,
  findTeamMembers,
  findTeamStandings,
  getTeam,
  isTeamMember,
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
  const me = (request: FastifyRequest) => request.user!;

  /** The team with the viewer's access, or 404 when it is another client's or hidden from the viewer. */
  async function visibleTeam(request: FastifyRequest, teamId: string) {
    const team = await getTeam(ctx.db, request.tenant.id, teamId);
    if (!team) throw notFound('Team not found');
    const access = {
      isDiscoverable: team.isDiscoverable,
      isMember: await isTeamMember(ctx.db, team.id, me(request).id),
      role: me(request).role as Role,
    };
    if (!canViewTeam(access)) throw notFound('Team not found');
    return { team, access };
  }

  r.get(
    '/api/teams',
    { schema: { tags: ['teams'], response: { 200: MyTeamsResponseSchema, ...errors } } },
    async (request) => {
      const [rows, standings] = await Promise.all([
        findMyTeams(ctx.db, request.tenant.id, me(request).id),
        findTeamStandings(ctx.db, request.tenant.id),
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
      const teams = await selectRows<{ id: string; name: string; image_url: string | null }>(
        ctx.db,
        sql`
        select t.id, t.name, t.image_url from teams t
        where t.client_id = ${request.tenant.id} and t.is_discoverable
          and not exists (select 1 from team_members tm where tm.team_id = t.id and tm.user_id = ${request.user!.id})
        order by t.name limit 200`,
      );
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
        findTeamMembers(ctx.db, request.tenant.id, team.id, request.query),
        findTeamStandings(ctx.db, request.tenant.id),
        countTeamMembers(ctx.db, team.id),
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
      const page = await findTeamMembers(ctx.db, request.tenant.id, team.id, request.query);
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
        if (!canJoinTeam(access)) throw forbidden('This team is not open to join; ask an admin to add you');
        await ctx.db
          .insert(teamMembers)
          .values({ clientId: request.tenant.id, teamId: team.id, userId: me(request).id })
          .onConflictDoNothing();
      }
      return { is_member: true, member_count: await countTeamMembers(ctx.db, team.id) };
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
      await ctx.db
        .delete(teamMembers)
        .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, me(request).id)));
      return { is_member: false, member_count: await countTeamMembers(ctx.db, team.id) };
    },
  );
}
