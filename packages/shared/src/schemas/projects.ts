import { z } from 'zod';
import { ACTIVITY_TYPES } from '../constants/domain.ts';
import { PROJECT_DESCRIPTION_MAX_LENGTH } from '../constants/limits.ts';
import { ActivitySchema, AdminActivitySchema } from './activities.ts';
import { dateInput, fileUrl, isoString, patchOf, titleInput } from './common.ts';

/** Who may see and join a project. */
export const PROJECT_AUDIENCES = ['open', 'teams', 'invite'] as const;
/** Where a project stands in time: before its start, running, after its end, or archived. */
export const PROJECT_STATES = ['upcoming', 'active', 'ended', 'archived'] as const;

/** A member's view of a project in lists (GET /api/projects). */
export const ProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  audience: z.enum(PROJECT_AUDIENCES),
  starts_at: isoString.nullable(),
  ends_at: isoString.nullable(),
  state: z.enum(PROJECT_STATES),
  joined: z.boolean(),
  /** Every activity of the project is done by the member. */
  completed: z.boolean(),
  /** Activity types the project has, for filtering. */
  activity_types: z.array(z.enum(ACTIVITY_TYPES)),
  activity_count: z.number().int(),
  completed_count: z.number().int(),
  points: z.number().int(),
  /** Trainings of the project the member has not completed (the user menu counts them). */
  pending_trainings: z.number().int(),
  /** training: the project has a training activity. */
  context: z.object({ training: z.boolean() }),
  abilities: z.object({ join: z.boolean(), leave: z.boolean() }),
});
export type Project = z.infer<typeof ProjectSchema>;
export const ProjectsQuerySchema = z.object({
  type: z
    .enum(['all', ...ACTIVITY_TYPES], { message: `type must be one of all, ${ACTIVITY_TYPES.join(', ')}` })
    .default('all'),
});
export const ProjectsResponseSchema = z.object({ projects: z.array(ProjectSchema) });
export type ProjectsResponse = z.infer<typeof ProjectsResponseSchema>;

export const ProjectDetailResponseSchema = z.object({
  project: ProjectSchema.extend({ activities: z.array(ActivitySchema) }),
});

export const TrainingLibraryResponseSchema = z.object({
  trainings: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string().nullable(),
      points: z.number().int(),
      project: z.object({ id: z.string(), name: z.string() }),
      completed: z.boolean(),
      due_at: isoString.nullable(),
    }),
  ),
});

// ---- Admin ----

export const UpsertProjectRequestSchema = z.object({
  name: titleInput('Name'),
  description: z
    .string()
    .trim()
    .max(
      PROJECT_DESCRIPTION_MAX_LENGTH,
      `Description must be ${PROJECT_DESCRIPTION_MAX_LENGTH} characters or less`,
    )
    .nullable()
    .optional(),
  image_url: fileUrl('Cover').nullable().optional(),
  audience: z.enum(PROJECT_AUDIENCES, { message: 'audience must be open, teams or invite' }).default('open'),
  audience_team_ids: z
    .array(z.uuid({ message: 'audience_team_ids must be team ids' }))
    .max(100)
    .default([]),
  starts_at: dateInput('Start'),
  ends_at: dateInput('End'),
});
export type UpsertProjectRequest = z.infer<typeof UpsertProjectRequestSchema>;
/** PATCH /api/admin/projects/{id}: any of the fields; the ones left out stay as they are. */
export const UpdateProjectRequestSchema = patchOf(UpsertProjectRequestSchema);
export type UpdateProjectRequest = z.infer<typeof UpdateProjectRequestSchema>;

/** A project as admins manage it (GET /api/admin/projects). */
export const AdminProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  audience: z.enum(PROJECT_AUDIENCES),
  audience_team_ids: z.array(z.string()),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  archived_at: z.string().nullable(),
  state: z.enum(PROJECT_STATES),
  activity_count: z.number().int(),
  member_count: z.number().int(),
  created_at: z.string(),
});
export type AdminProject = z.infer<typeof AdminProjectSchema>;

export const AdminProjectsQuerySchema = z.object({
  status: z
    .enum(['current', 'archived', 'all'], { message: 'status must be current, archived or all' })
    .default('current'),
});
export const AdminProjectsResponseSchema = z.object({ projects: z.array(AdminProjectSchema) });
export const AdminProjectResponseSchema = z.object({ project: AdminProjectSchema });
export const AdminProjectDetailResponseSchema = z.object({
  project: AdminProjectSchema.extend({
    activities: z.array(AdminActivitySchema),
    invited_user_ids: z.array(z.string()),
    /** The invited members, by display name (invite-only projects). */
    invited_users: z.array(
      z.object({ id: z.string(), display_name: z.string(), image_url: z.string().nullable() }),
    ),
  }),
});
export const ProjectInvitesRequestSchema = z.object({
  user_ids: z.array(z.uuid({ message: 'user_ids must be user ids' })).max(1000),
});
