import { z } from 'zod';

/** My Metrics periods (issue 13): the last 7, 30 or 90 days, this calendar year, all time (UTC days). */
export const METRICS_PERIODS = ['7d', '30d', '90d', 'year', 'all'] as const;
export type MetricsPeriod = (typeof METRICS_PERIODS)[number];

/** How a period's series is cut: one point per day, ISO week (from Monday) or month. */
export const METRICS_BUCKETS = ['day', 'week', 'month'] as const;
export type MetricsBucket = (typeof METRICS_BUCKETS)[number];

/** GET /api/metrics: the period; 30 days when left out. */
export const MetricsQuerySchema = z.object({
  period: z
    .enum(METRICS_PERIODS, { message: `period must be one of ${METRICS_PERIODS.join(', ')}` })
    .default('30d'),
});
export type MetricsQuery = z.infer<typeof MetricsQuerySchema>;

/**
 * One figure of the period beside its comparisons: the average of the member's teams' members (null without a
 * team) and the median of the client's ranked members (those with nothing counted as 0).
 */
export const MetricsFigureSchema = z.object({
  value: z.number(),
  team_average: z.number().nullable(),
  client_median: z.number(),
});
export type MetricsFigure = z.infer<typeof MetricsFigureSchema>;

/** One bucket of the series: its first day (ISO date) and the member's figures in it. */
export const MetricsPointSchema = z.object({
  start: z.string(),
  points: z.number().int(),
  shares: z.number().int(),
  clicks: z.number().int(),
  active_seconds: z.number().int(),
});
export type MetricsPoint = z.infer<typeof MetricsPointSchema>;

/** A count for one key (a network or an activity type) beside its comparisons. */
export const MetricsBreakdownSchema = MetricsFigureSchema.extend({ key: z.string() });
export type MetricsBreakdown = z.infer<typeof MetricsBreakdownSchema>;

/** The member's competition rank on the all-projects board of a week (null: no points that week). */
export const MetricsRankSchema = z.object({
  week_start: z.string(),
  rank: z.number().int().nullable(),
  points: z.number().int(),
});
export type MetricsRank = z.infer<typeof MetricsRankSchema>;

/** GET /api/metrics: the signed-in member's own figures for a period, read from the daily rollups. */
export const MetricsResponseSchema = z.object({
  period: z.enum(METRICS_PERIODS),
  /** First and last day of the period (ISO dates, UTC, inclusive). */
  from: z.string(),
  to: z.string(),
  bucket: z.enum(METRICS_BUCKETS),
  series: z.array(MetricsPointSchema),
  totals: z.object({
    points: MetricsFigureSchema,
    shares: MetricsFigureSchema,
    clicks: MetricsFigureSchema,
    participations: MetricsFigureSchema,
    active_seconds: MetricsFigureSchema,
  }),
  /** Posted shares per network (SOCIAL_CHANNELS), the member's networks first. */
  shares_by_network: z.array(MetricsBreakdownSchema),
  /** Completed participations per activity type (ACTIVITY_TYPES). */
  participations_by_type: z.array(MetricsBreakdownSchema),
  /** Weekly rank on the all-projects board, oldest first (at most 104 weeks). */
  rank_history: z.array(MetricsRankSchema),
});
export type MetricsResponse = z.infer<typeof MetricsResponseSchema>;

/** Something to do next on Home: an open activity of a project the member may see, soonest due first. */
export const HomeTaskSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  project_name: z.string(),
  title: z.string(),
  type: z.string(),
  points: z.number().int(),
  due_at: z.string().nullable(),
});
export type HomeTask = z.infer<typeof HomeTaskSchema>;

/** Fresh content on Home: a project or activity published lately in what the member may see. */
export const HomeFreshSchema = z.object({
  kind: z.enum(['project', 'activity']),
  id: z.string(),
  project_id: z.string(),
  title: z.string(),
  created_at: z.string(),
});
export type HomeFresh = z.infer<typeof HomeFreshSchema>;

/** GET /api/metrics/summary: Home's figures of the signed-in member. */
export const MetricsSummarySchema = z.object({
  week: z.object({
    /** Monday of this week (ISO date, UTC). */
    start: z.string(),
    points: z.number().int(),
    /** Competition rank this week on the all-projects board; null without points this week. */
    rank: z.number().int().nullable(),
  }),
  /** Consecutive weeks with points, ending this week (or last week while this one has none yet). */
  streak_weeks: z.number().int(),
  /** Open activities (not completed), due soonest first, then newest; at most 5. */
  next: z.array(HomeTaskSchema),
  /** Pending trainings the member may see. */
  pending_trainings: z.number().int(),
  /** Shares the member started and has not confirmed as posted yet (My Posts' "Waiting for your confirmation"). */
  unconfirmed_shares: z.number().int(),
  /** The newest projects and activities, newest first; at most 4. */
  fresh: z.array(HomeFreshSchema),
});
export type MetricsSummary = z.infer<typeof MetricsSummarySchema>;
