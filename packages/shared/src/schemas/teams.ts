import { z } from 'zod';
import { LEADERBOARD_PERIODS } from '../constants/domain.ts';
import { NAME_MAX_LENGTH } from '../constants/limits.ts';
import { PersonSchema } from './profiles.ts';

/** Longest team description. */
export const TEAM_DESCRIPTION_MAX_LENGTH = 1_000;

export const TeamSchema = z.object({ id: z.string(), name: z.string(), image_url: z.string().nullable() });
export const TeamsDiscoverResponseSchema = z.object({ teams: z.array(TeamSchema) });

/** A team's points and rank in one leaderboard period (rank = 1 + teams of the client with more points). */
export const TeamStandingSchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  points: z.number().int(),
  rank: z.number().int(),
});
export type TeamStanding = z.infer<typeof TeamStandingSchema>;

/** A team the member belongs to (GET /api/teams), with its all-time rank. */
export const MyTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
  description: z.string().nullable(),
  member_count: z.number().int(),
  /** All-time points of its current members. */
  points: z.number().int(),
  /** All-time rank among the client's teams. */
  rank: z.number().int(),
});
export type MyTeam = z.infer<typeof MyTeamSchema>;
export const MyTeamsResponseSchema = z.object({ teams: z.array(MyTeamSchema) });

/** GET /api/teams/{id}: the team, its standings this week, month and all time, and a page of members. */
export const TeamDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
  description: z.string().nullable(),
  is_discoverable: z.boolean(),
  member_count: z.number().int(),
  /** Whether the signed-in member belongs to it. */
  is_member: z.boolean(),
  /** Whether the signed-in member may join it (discoverable, not a member yet). */
  can_join: z.boolean(),
  standings: z.array(TeamStandingSchema),
});
export type TeamDetail = z.infer<typeof TeamDetailSchema>;
export const TeamDetailResponseSchema = z.object({
  team: TeamDetailSchema,
  members: z.array(PersonSchema),
  next_cursor: z.string().nullable(),
});
export type TeamDetailResponse = z.infer<typeof TeamDetailResponseSchema>;

/** POST/DELETE /api/teams/{id}/membership. */
export const TeamMembershipResponseSchema = z.object({
  is_member: z.boolean(),
  member_count: z.number().int(),
});

// ---- Admin ----

/** A team as admins manage it (GET /api/admin/teams). */
export const AdminTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  is_discoverable: z.boolean(),
  member_count: z.number().int(),
  created_at: z.string(),
});
export type AdminTeam = z.infer<typeof AdminTeamSchema>;
export const AdminTeamsResponseSchema = z.object({ teams: z.array(AdminTeamSchema) });
export const AdminTeamResponseSchema = z.object({ team: AdminTeamSchema });

const uploadedImage = z
  .string()
  .max(2048)
  .regex(/^\/api\/files\/[0-9a-f-]{36}\.[a-z0-9]+$/, 'Image must be a file uploaded to this app');

/** POST /api/admin/teams. */
export const CreateTeamRequestSchema = z
  .object({
    name: z
      .string({ message: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(NAME_MAX_LENGTH, `Name must be ${NAME_MAX_LENGTH} characters or less`),
    description: z
      .string()
      .trim()
      .max(
        TEAM_DESCRIPTION_MAX_LENGTH,
        `Description must be ${TEAM_DESCRIPTION_MAX_LENGTH} characters or less`,
      )
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
    /** An uploaded file of this client (upload type 'team-image'). */
    image_url: uploadedImage.nullable().optional(),
    /** Whether members may find and join it themselves. */
    is_discoverable: z.boolean({ message: 'is_discoverable must be true or false' }).optional(),
  })
  .strict();
export type CreateTeamRequest = z.input<typeof CreateTeamRequestSchema>;

/** PATCH /api/admin/teams/{id}: any of the fields. */
export const UpdateTeamRequestSchema = CreateTeamRequestSchema.partial().strict();
export type UpdateTeamRequest = z.input<typeof UpdateTeamRequestSchema>;
