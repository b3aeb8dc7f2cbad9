import { z } from 'zod';
import { ACTIVITY_TYPES } from '../constants/domain.ts';
import {
  ActivityConfigInputSchema,
  CreativeSchema,
  PROJECT_AUDIENCES,
  PROJECT_STATES,
  TemplateSchema,
} from './projects.ts';

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

/** An activity with its whole configuration, quiz answers included. */
export const AdminActivitySchema = z.object({
  id: z.string(),
  project_id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  title: z.string(),
  description: z.string().nullable(),
  points: z.number().int(),
  starts_at: z.string().nullable(),
  due_at: z.string().nullable(),
  config: ActivityConfigInputSchema,
  participation_count: z.number().int(),
  created_at: z.string(),
});
export type AdminActivity = z.infer<typeof AdminActivitySchema>;

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
export const AdminActivityResponseSchema = z.object({ activity: AdminActivitySchema });
export const ProjectInvitesRequestSchema = z.object({
  user_ids: z.array(z.uuid({ message: 'user_ids must be user ids' })).max(1000),
});

export const LibraryQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  tag: z.string().trim().max(40).optional(),
});
export const TemplatesResponseSchema = z.object({ templates: z.array(TemplateSchema) });
export const TemplateResponseSchema = z.object({ template: TemplateSchema });
export const CreativesResponseSchema = z.object({ creatives: z.array(CreativeSchema) });
export const CreativeResponseSchema = z.object({ creative: CreativeSchema });

/** A participation as reviewers see it (GET /api/admin/participations). */
export const AdminParticipationSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'completed', 'approved', 'rejected']),
  activity: z.object({
    id: z.string(),
    title: z.string(),
    type: z.enum(ACTIVITY_TYPES),
    points: z.number().int(),
  }),
  project: z.object({ id: z.string(), name: z.string() }),
  user: z.object({
    id: z.string(),
    display_name: z.string(),
    email: z.string().nullable(),
    image_url: z.string().nullable(),
  }),
  data: z.record(z.string(), z.unknown()),
  share: z
    .object({ channel: z.string(), post_url: z.string().nullable(), clicks: z.number().int() })
    .nullable(),
  reject_reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type AdminParticipation = z.infer<typeof AdminParticipationSchema>;
export const AdminParticipationsQuerySchema = z.object({
  status: z.enum(['all', 'pending', 'completed', 'approved', 'rejected']).default('all'),
  type: z.enum(['all', ...ACTIVITY_TYPES]).default('all'),
  project_id: z.uuid({ message: 'project_id must be a project id' }).optional(),
});
export const AdminParticipationsResponseSchema = z.object({
  participations: z.array(AdminParticipationSchema),
  next_cursor: z.string().nullable(),
});
export const AdminParticipationResponseSchema = z.object({ participation: AdminParticipationSchema });
