import { z } from 'zod';
import { LEADERBOARD_PERIODS, ROLES } from '../constants/domain.ts';
import { NAME_MAX_LENGTH } from '../constants/limits.ts';
import { ListQuerySchema } from './common.ts';

/** Longest team description. */
export const TEAM_DESCRIPTION_MAX_LENGTH = 1_000;

// ---------------------------------------------------------------------------------------------------------
// People in lists
// ---------------------------------------------------------------------------------------------------------

/** A member as lists show them (team members, followers, following). */
export const PersonSchema = z.object({
  id: z.string(),
  /** Display name by SPEC 6, computed by the server. */
  display_name: z.string(),
  image_url: z.string().nullable(),
  /** 'City, State, Country' from the parts that are set, or null. */
  location: z.string().nullable(),
});
export type Person = z.infer<typeof PersonSchema>;

/** A page of people; `next_cursor` is the id of the last person when more exist (SPEC 7). */
export const PeoplePageResponseSchema = z.object({
  users: z.array(PersonSchema),
  next_cursor: z.string().nullable(),
});
export type PeoplePage = z.infer<typeof PeoplePageResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Teams (member side)
// ---------------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------------
// Teams (admin side)
// ---------------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------------
// Users (admin side)
// ---------------------------------------------------------------------------------------------------------

/** Roles an admin may give (applicants become users through their application). */
export const ASSIGNABLE_ROLES = ['USER', 'ANALYST', 'ADMIN'] as const;

/** A user as GET /api/admin/users lists them. */
export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  display_name: z.string(),
  image_url: z.string().nullable(),
  role: z.enum(ROLES),
  team_tags: z.array(z.string()),
  teams: z.array(z.object({ id: z.string(), name: z.string() })),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersQuerySchema = ListQuerySchema.extend({
  /** Part of a name, username or email. */
  q: z.string().trim().max(200, 'q must be 200 characters or less').optional(),
  role: z.enum(ROLES, { message: `role must be one of ${ROLES.join(', ')}` }).optional(),
  /** Only members of this team. */
  team: z.uuid({ message: 'team must be a team id' }).optional(),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>;
export const AdminUsersResponseSchema = z.object({
  users: z.array(AdminUserSchema),
  next_cursor: z.string().nullable(),
});
export const AdminUserResponseSchema = z.object({ user: AdminUserSchema });

/** PATCH /api/admin/users/{id} (ADMIN only): the role and/or the exact set of teams. */
export const UpdateAdminUserRequestSchema = z
  .object({
    role: z
      .enum(ASSIGNABLE_ROLES, { message: `role must be one of ${ASSIGNABLE_ROLES.join(', ')}` })
      .optional(),
    team_ids: z
      .array(z.uuid({ message: 'team_ids must be team ids' }), { message: 'team_ids must be a list' })
      .max(200, 'team_ids must hold 200 teams or fewer')
      .optional(),
  })
  .strict()
  .refine((b) => b.role !== undefined || b.team_ids !== undefined, {
    message: 'Send a role or team_ids to change',
  });
export type UpdateAdminUserRequest = z.input<typeof UpdateAdminUserRequestSchema>;

// ---------------------------------------------------------------------------------------------------------
// Follows and profiles
// ---------------------------------------------------------------------------------------------------------

/** POST/DELETE /api/users/{id}/follow. */
export const FollowResponseSchema = z.object({
  is_following: z.boolean(),
  follower_count: z.number().int(),
});

/** One entry of a profile's recent activity: a completed participation or a feed post. */
export const ProfileActivitySchema = z.object({
  kind: z.enum(['participation', 'post']),
  id: z.string(),
  /** Activity title, or the post's text (shortened). */
  title: z.string(),
  /** Project name for a participation; null for a post. */
  context: z.string().nullable(),
  /** Where it opens in the app. */
  link: z.string(),
  at: z.string(),
});
export type ProfileActivity = z.infer<typeof ProfileActivitySchema>;

export const ProfileBadgeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  earned_at: z.string(),
});

/** GET /api/users/{id}/profile: a member's public profile. */
export const ProfileSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  image_url: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  /** i18n key of the role label (roles.user, roles.lead…), overridable by the client's role labels. */
  role_label_key: z.string(),
  /** All-time points. */
  points: z.number().int(),
  badges: z.array(ProfileBadgeSchema),
  follower_count: z.number().int(),
  following_count: z.number().int(),
  is_following: z.boolean(),
  /** Whether it is the signed-in member's own profile. */
  is_self: z.boolean(),
  teams: z.array(z.object({ id: z.string(), name: z.string(), image_url: z.string().nullable() })),
  recent_activity: z.array(ProfileActivitySchema),
});
export type Profile = z.infer<typeof ProfileSchema>;
export const ProfileResponseSchema = z.object({ profile: ProfileSchema });
