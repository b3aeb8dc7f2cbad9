import { z } from 'zod';
import { LEADERBOARD_PERIODS } from '../constants/domain.ts';
import { ListQuerySchema } from './common.ts';

/** Who is ranked: members, or teams (a team's points are its current members' points). */
export const LEADERBOARD_SCOPES = ['members', 'teams'] as const;
export type LeaderboardScope = (typeof LEADERBOARD_SCOPES)[number];

const period = z
  .enum(LEADERBOARD_PERIODS, { message: `period must be one of ${LEADERBOARD_PERIODS.join(', ')}` })
  .default('week');

/** GET /api/leaderboard: one page of a ranking (cursor = id of the last member or team of the previous page). */
export const LeaderboardQuerySchema = ListQuerySchema.extend({
  period,
  scope: z
    .enum(LEADERBOARD_SCOPES, { message: `scope must be one of ${LEADERBOARD_SCOPES.join(', ')}` })
    .default('members'),
  /** Only points earned in this project (one the member may see). */
  project_id: z.uuid({ message: 'project_id must be a project id' }).optional(),
});
export type LeaderboardQuery = z.infer<typeof LeaderboardQuerySchema>;

/** A ranked member: the fields a display name is built from (SPEC 6) and the picture (SPEC 3). */
export const LeaderboardUserSchema = z.object({
  id: z.string(),
  /** Name shown by the rules of SPEC 6 (email only for admins and leads). */
  display_name: z.string(),
  username: z.string().nullable(),
  display_username: z.boolean(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  image_url: z.string().nullable(),
});
export type LeaderboardUser = z.infer<typeof LeaderboardUserSchema>;

/** A ranked team with its current member count. */
export const LeaderboardTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
  member_count: z.number().int(),
});
export type LeaderboardTeam = z.infer<typeof LeaderboardTeamSchema>;

/** One row of a ranking: competition ranking, so ties share a rank and the next rank skips (1, 2, 2, 4). */
export const LeaderboardEntrySchema = z.object({
  /** The member's or team's id (the cursor of the next page). */
  id: z.string(),
  rank: z.number().int(),
  points: z.number().int(),
  /** Set on a members ranking. */
  user: LeaderboardUserSchema.nullable(),
  /** Set on a teams ranking. */
  team: LeaderboardTeamSchema.nullable(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

/** Where one stands: rank among those with points; with none, the rank after all of them. */
export const LeaderboardStandingSchema = z.object({
  rank: z.number().int(),
  points: z.number().int(),
});
export type LeaderboardStanding = z.infer<typeof LeaderboardStandingSchema>;

export const LeaderboardResponseSchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  scope: z.enum(LEADERBOARD_SCOPES),
  /** First day of the period (UTC, ISO date); null for all time. */
  period_start: z.string().nullable(),
  /** Last day of the period (UTC, ISO date, inclusive); null for all time. */
  period_end: z.string().nullable(),
  entries: z.array(LeaderboardEntrySchema),
  /** Cursor of the next page, null at the end. */
  next_cursor: z.string().nullable(),
  /** The signed-in member's own standing among members, always present. */
  me: LeaderboardStandingSchema,
  /** On a teams ranking: the member's own teams and where they stand; empty otherwise. */
  my_teams: z.array(LeaderboardStandingSchema.extend({ id: z.string(), name: z.string() })),
});
export type LeaderboardResponse = z.infer<typeof LeaderboardResponseSchema>;

/** GET /api/leaderboard/me: the member's standing, and their teams', in every period (home page, profile). */
export const LeaderboardMeQuerySchema = z.object({
  project_id: z.uuid({ message: 'project_id must be a project id' }).optional(),
});
export const LeaderboardMeResponseSchema = z.object({
  periods: z.array(
    LeaderboardStandingSchema.extend({
      period: z.enum(LEADERBOARD_PERIODS),
      period_start: z.string().nullable(),
      period_end: z.string().nullable(),
      /** The member's teams and where they stand among teams in the period. */
      teams: z.array(LeaderboardStandingSchema.extend({ id: z.string(), name: z.string() })),
    }),
  ),
});
export type LeaderboardMe = z.infer<typeof LeaderboardMeResponseSchema>;
