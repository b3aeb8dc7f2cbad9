import {
  ErrorResponseSchema,
  LEADERBOARD_PERIODS,
  type LeaderboardEntry,
  LeaderboardMeQuerySchema,
  LeaderboardMeResponseSchema,
  type LeaderboardPeriod,
  LeaderboardQuerySchema,
  LeaderboardResponseSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { getPeriodRange } from './leaderboard.periods.ts';
import { canRankAnyProject, canSeeEmails, isRankedMember, seeLeaderboard } from './leaderboard.policy.ts';
import { presentMemberEntry, presentTeamEntry, rankPage } from './leaderboard.presenter.ts';
import {
  type BoardKey,
  boardKeyOf,
  countAhead,
  findMembersPageAndStanding,
  findRankedTeams,
  getMemberPoints,
  getStanding,
  hasRankableProject,
  type TeamRow,
} from './leaderboard.repository.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** Leaderboards of members and teams by period and project, and the member's own standing. */
export async function leaderboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The board's key, after the feature and project checks (404 for a project the member may not see). */
  async function boardKey(request: FastifyRequest, period: LeaderboardPeriod, projectId?: string) {
    authorize(seeLeaderboard(request.tenant.client));
    const user = requireUser(request);
    if (projectId) {
      const found = await hasRankableProject(ctx.db, {
        clientId: request.tenant.id,
        projectId,
        userId: user.id,
        anyProject: canRankAnyProject(user.role),
      });
      if (!found) throw notFound('$t(words.project) not found');
    }
    const range = getPeriodRange(period);
    const key = boardKeyOf({ clientId: request.tenant.id, period, periodStart: range.key, projectId });
    return { key, range };
  }

  /** The member's rank: among those with points, or right after all of them. */
  async function standing(request: FastifyRequest, key: BoardKey) {
    const user = requireUser(request);
    const { points, above } = await getStanding(ctx.db, {
      ...key,
      userId: user.id,
      isRanked: isRankedMember(user),
    });
    return { rank: above + 1, points };
  }

  /** The member's teams with their rank among the ranked teams (after all of them without points). */
  function myTeamStandings(request: FastifyRequest, teams: TeamRow[]) {
    return requireUser(request).membership.map((m) => {
      const found = teams.find((t) => t.id === m.team_id);
      return found
        ? { id: m.team_id, name: m.name, rank: found.rank, points: found.points }
        : { id: m.team_id, name: m.name, rank: teams.length + 1, points: 0 };
    });
  }

  r.get(
    '/api/leaderboard',
    {
      schema: {
        tags: ['leaderboard'],
        querystring: LeaderboardQuerySchema,
        response: { 200: LeaderboardResponseSchema, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const { key, range } = await boardKey(request, q.period, q.project_id);
      const size = Math.abs(q.limit);
      const isNewer = q.limit < 0 && q.cursor !== undefined;
      const base = { period: q.period, scope: q.scope, period_start: range.start, period_end: range.end };

      if (q.scope === 'teams') {
        const teams = await findRankedTeams(ctx.db, key);
        let from = 0;
        let to = size;
        if (q.cursor) {
          const at = teams.findIndex((t) => t.id === q.cursor);
          if (at < 0) throw badRequest('cursor is not on this leaderboard');
          [from, to] = isNewer ? [Math.max(0, at - size), at] : [at + 1, at + 1 + size];
        }
        const page = teams.slice(from, to);
        return {
          ...base,
          entries: page.map(presentTeamEntry),
          next_cursor: !isNewer && to < teams.length ? (page.at(-1)?.id ?? null) : null,
          me: await standing(request, key),
          my_teams: myTeamStandings(request, teams),
        };
      }

      let after: { points: number; userId: string } | undefined;
      if (q.cursor) {
        const points = await getMemberPoints(ctx.db, { ...key, userId: q.cursor });
        if (points === null) throw badRequest('cursor is not on this leaderboard');
        after = { points, userId: q.cursor };
      }
      const user = requireUser(request);
      const { rows, standing: mine } = await findMembersPageAndStanding(ctx.db, {
        ...key,
        page: { size: size + 1, after, isNewer },
        viewer: { userId: user.id, isRanked: isRankedMember(user) },
      });
      const hasMore = rows.length > size;
      // Newer pages come back in ranking order, so the extra row (furthest from the cursor) is the first.
      const page = isNewer ? rows.slice(Math.max(0, rows.length - size)) : rows.slice(0, size);
      const first = page[0];
      const ahead =
        first && after
          ? await countAhead(ctx.db, { ...key, at: { points: first.points, userId: first.id } })
          : null;
      const ranked = rankPage(page, ahead ?? { above: 0, ahead: 0 });
      const seeEmails = canSeeEmails(user.role);
      const entries: LeaderboardEntry[] = ranked.map((row) => presentMemberEntry(row, seeEmails));
      return {
        ...base,
        entries,
        next_cursor: !isNewer && hasMore ? (page.at(-1)?.id ?? null) : null,
        me: { rank: mine.above + 1, points: mine.points },
        my_teams: [],
      };
    },
  );

  r.get(
    '/api/leaderboard/me',
    {
      schema: {
        tags: ['leaderboard'],
        querystring: LeaderboardMeQuerySchema,
        response: { 200: LeaderboardMeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const periods = [];
      for (const period of LEADERBOARD_PERIODS) {
        const { key, range } = await boardKey(request, period, request.query.project_id);
        const mine = await standing(request, key);
        const hasTeams = requireUser(request).membership.length > 0;
        const teams = hasTeams ? myTeamStandings(request, await findRankedTeams(ctx.db, key)) : [];
        periods.push({ period, period_start: range.start, period_end: range.end, ...mine, teams });
      }
      return { periods };
    },
  );
}
