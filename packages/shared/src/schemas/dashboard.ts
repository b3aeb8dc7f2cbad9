import { z } from 'zod';
import type { SocialChannel } from '../constants/domain.ts';

/** Admin Dashboard periods (issue 13): the last 7, 30 or 90 days (UTC), each compared with the one before. */
export const DASHBOARD_PERIODS = ['7d', '30d', '90d'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/**
 * Estimated reach: each share posted counts as seen by this many people of its network (a typical member's
 * audience there). An estimate, labelled as such: reach = Σ shares(network) × audience(network).
 */
export const NETWORK_AUDIENCE: Record<SocialChannel, number> = {
  facebook: 150,
  instagram: 150,
  instagram_legacy: 150,
  linkedin: 250,
  tiktok: 300,
  tiktok_legacy: 300,
  twitter: 100,
};

/** GET /api/admin/dashboard: the period; 30 days when left out. */
export const DashboardQuerySchema = z.object({
  period: z
    .enum(DASHBOARD_PERIODS, { message: `period must be one of ${DASHBOARD_PERIODS.join(', ')}` })
    .default('30d'),
});
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

/** A figure of the period and the same figure of the period before it (for the trend). */
export const DashboardFigureSchema = z.object({ value: z.number(), previous: z.number() });
export type DashboardFigure = z.infer<typeof DashboardFigureSchema>;

/** Shares posted and unique clicks those shares earned, on one network. */
export const DashboardNetworkSchema = z.object({
  network: z.string(),
  shares: DashboardFigureSchema,
  clicks: DashboardFigureSchema,
});
export type DashboardNetwork = z.infer<typeof DashboardNetworkSchema>;

/** One day of the period (ISO date, UTC). */
export const DashboardDaySchema = z.object({
  day: z.string(),
  /** Members with anything counted that day (points, a share, a click, a completion or active time). */
  active_members: z.number().int(),
  shares: z.number().int(),
  clicks: z.number().int(),
  /** Activities completed (every type). */
  completions: z.number().int(),
  trainings: z.number().int(),
  points: z.number().int(),
});
export type DashboardDay = z.infer<typeof DashboardDaySchema>;

export const DashboardTopMemberSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
  points: z.number().int(),
  /** Points of the period before (the trend). */
  previous_points: z.number().int(),
});
export const DashboardTopTeamSchema = z.object({
  team_id: z.string(),
  name: z.string(),
  members: z.number().int(),
  points: z.number().int(),
  previous_points: z.number().int(),
});
export const DashboardTopContentSchema = z.object({
  activity_id: z.string(),
  project_id: z.string(),
  title: z.string(),
  shares: z.number().int(),
  clicks: z.number().int(),
  /** Shares and unique clicks of the period before (the trend). */
  previous_shares: z.number().int(),
  previous_clicks: z.number().int(),
});
export type DashboardTopMember = z.infer<typeof DashboardTopMemberSchema>;
export type DashboardTopTeam = z.infer<typeof DashboardTopTeamSchema>;
export type DashboardTopContent = z.infer<typeof DashboardTopContentSchema>;

/**
 * GET /api/admin/dashboard: the program's figures for a period, from the daily rollups. An ADMIN (or an ANALYST
 * without team tags) sees the whole client; a team lead only the members of their teams (`scope: 'teams'`).
 * Members are the active people of the scope, guests and applicants left out.
 */
export const DashboardResponseSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  /** First and last day of the period and of the one before (ISO dates, UTC, inclusive). */
  from: z.string(),
  to: z.string(),
  previous_from: z.string(),
  previous_to: z.string(),
  scope: z.enum(['client', 'teams']),
  members: z.number().int(),
  /** Members active in the last 7 and 30 days (whatever the period), against the 7 / 30 days before. */
  active_members_7d: DashboardFigureSchema,
  active_members_30d: DashboardFigureSchema,
  /** Percent (one decimal) of members who completed at least one activity in the period. */
  participation_rate: DashboardFigureSchema,
  shares: DashboardFigureSchema,
  /** Unique visitors of members' tracked links in the period. */
  clicks: DashboardFigureSchema,
  /** Σ shares(network) × NETWORK_AUDIENCE[network]. */
  estimated_reach: DashboardFigureSchema,
  /** Shares posted in the period by network, with the unique clicks those shares earned so far. */
  networks: z.array(DashboardNetworkSchema),
  /** Brand Content waiting for review now, and waiting when the period began. */
  brand_content_waiting: DashboardFigureSchema,
  /** Applicants waiting now and when the period began; null for a lead of some teams (not theirs to see). */
  applicants_waiting: DashboardFigureSchema.nullable(),
  /** Trainings completed in the period. */
  trainings_completed: DashboardFigureSchema,
  /**
   * Percent (one decimal) of the trainings assigned to members that are complete, now and when the period began. A
   * training is assigned to the members who joined its project; archived trainings and those not started yet count
   * for no one.
   */
  trainings_completion: DashboardFigureSchema,
  series: z.array(DashboardDaySchema),
  top_members: z.array(DashboardTopMemberSchema),
  top_teams: z.array(DashboardTopTeamSchema),
  top_content: z.array(DashboardTopContentSchema),
});
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;
