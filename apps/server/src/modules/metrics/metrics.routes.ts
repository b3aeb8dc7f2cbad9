import {
  ErrorResponseSchema,
  MetricsQuerySchema,
  MetricsResponseSchema,
  MetricsSummarySchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { boardKeyOf, getStanding } from '../leaderboard/leaderboard.repository.ts';
import { getMetricsRange, isoDay, todayOf, weekStartOf, weekStarts } from './metrics.periods.ts';
import { isRankedMember, readMetrics, readSummary } from './metrics.policy.ts';
import { presentMetrics, presentSummary, streakOf } from './metrics.presenter.ts';
import {
  findClientSpread,
  findFirstDay,
  findFresh,
  findMemberSeries,
  findNextTasks,
  findRankHistory,
  findTeamTotals,
  findWeeksWithPoints,
} from './metrics.repository.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
/** Rank history reads one stretch of the rank index per week: at most two years of them. */
const MAX_RANK_WEEKS = 104;
const WEEK_MS = 7 * 86_400_000;

/** GET /api/metrics (My Metrics) and GET /api/metrics/summary (Home): the signed-in member's own figures. */
export async function metricsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/metrics',
    {
      schema: {
        tags: ['metrics'],
        querystring: MetricsQuerySchema,
        response: { 200: MetricsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      authorize(readMetrics(user, request.tenant.client));
      const clientId = request.tenant.id;
      const { period } = request.query;
      const firstDay = period === 'all' ? await findFirstDay(ctx.db, { clientId, userId: user.id }) : null;
      const range = getMetricsRange(period, firstDay);
      const q = { clientId, userId: user.id, from: range.from, to: range.to };
      const series = await findMemberSeries(ctx.db, { ...q, bucket: range.bucket });
      const team = await findTeamTotals(ctx.db, q);
      const spread = await findClientSpread(ctx.db, { clientId, from: range.from, to: range.to });
      const ranks = await findRankHistory(ctx.db, {
        clientId,
        userId: user.id,
        weeks: weekStarts(range.from, range.to, MAX_RANK_WEEKS),
        isRanked: isRankedMember(user),
      });
      return presentMetrics(period, range, series, { team, spread }, ranks);
    },
  );

  r.get(
    '/api/metrics/summary',
    { schema: { tags: ['metrics'], response: { 200: MetricsSummarySchema, ...errors } } },
    async (request) => {
      const user = requireUser(request);
      authorize(readSummary(user));
      const clientId = request.tenant.id;
      const weekStart = weekStartOf(todayOf(new Date()));
      const isRanked = isRankedMember(user);
      const standing = await getStanding(ctx.db, {
        ...boardKeyOf({ clientId, period: 'week', periodStart: weekStart }),
        userId: user.id,
        isRanked,
      });
      const lastWeek = isoDay(Date.parse(weekStart) - WEEK_MS);
      const since = isoDay(Date.parse(weekStart) - MAX_RANK_WEEKS * WEEK_MS);
      const weeks = await findWeeksWithPoints(ctx.db, { clientId, userId: user.id, since });
      const { tasks, pendingTrainings, unconfirmedShares } = await findNextTasks(ctx.db, {
        clientId,
        userId: user.id,
        limit: 5,
      });
      const fresh = await findFresh(ctx.db, { clientId, userId: user.id, limit: 4 });
      return presentSummary({
        weekStart,
        standing,
        isRanked,
        streak: streakOf(weeks, weekStart, lastWeek),
        tasks,
        pendingTrainings,
        unconfirmedShares,
        fresh,
      });
    },
  );
}
