import { z } from 'zod';
import { ACTIVITY_TYPES, SOCIAL_CHANNELS } from '../constants/domain.ts';
import {
  ACTIVITY_DESCRIPTION_MAX_LENGTH,
  CAPTION_MAX_LENGTH,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  RESPONSE_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  TRAINING_BODY_MAX_LENGTH,
} from '../constants/limits.ts';
import { patchOf } from './common.ts';

const iso = z.string();
const title = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(TITLE_MAX_LENGTH, `${label} must be ${TITLE_MAX_LENGTH} characters or less`);
const dateInput = (label: string) =>
  z.iso
    .datetime({ offset: true, message: `${label} must be a date and time (ISO 8601)` })
    .nullable()
    .optional();
const fileUrl = (label: string) =>
  z
    .string()
    .max(2048)
    .regex(/^(\/api\/files\/|\/brand\/|https:\/\/)/, `${label} must be an uploaded file or an https URL`);

/** Who may see and join a project. */
export const PROJECT_AUDIENCES = ['open', 'teams', 'invite'] as const;
/** Where a project stands in time: before its start, running, after its end, or archived. */
export const PROJECT_STATES = ['upcoming', 'active', 'ended', 'archived'] as const;
/** Where a member stands with an activity. */
export const ACTIVITY_STATUSES = ['todo', 'pending', 'completed', 'rejected'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/** A member's view of a project in lists (GET /api/projects). */
export const ProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  audience: z.enum(PROJECT_AUDIENCES),
  starts_at: iso.nullable(),
  ends_at: iso.nullable(),
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

/** A placeholder of a template: id, name shown to the member, default value (SPEC 3). */
export const PlaceholderSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, 'Placeholder id is required')
    .max(40)
    .regex(/^[\w-]+$/, 'Placeholder id must contain only letters, numbers, hyphens, and underscores'),
  name: z.string().trim().min(1, 'Placeholder name is required').max(80),
  value: z.string().max(500).default(''),
});
export type Placeholder = z.infer<typeof PlaceholderSchema>;

export const CreativeSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  kind: z.enum(['image', 'video']),
  tags: z.array(z.string()),
});
export type Creative = z.infer<typeof CreativeSchema>;

export const TemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  body: z.string(),
  placeholders: z.array(PlaceholderSchema),
  tags: z.array(z.string()),
});
export type Template = z.infer<typeof TemplateSchema>;

/** Type-specific content of an activity as a member sees it. */
export const ActivityContentSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('social_post'),
    template: TemplateSchema.nullable(),
    creatives: z.array(CreativeSchema),
    /** Channels the member may share to (the client's channels, or the activity's subset). */
    channels: z.array(z.enum(SOCIAL_CHANNELS)),
    /** SPEC 5: zero or one creative, a template, no placeholders. */
    direct_use: z.boolean(),
  }),
  z.object({
    type: z.literal('general_participation'),
    prompt: z.string(),
    response: z.enum(['text', 'choice', 'photo']),
    choices: z.array(z.string()),
  }),
  z.object({
    type: z.literal('content_submission'),
    prompt: z.string(),
    media: z.enum(['image', 'video', 'any']),
  }),
  z.object({
    type: z.literal('training'),
    body: z.string(),
    video_url: z.string().nullable(),
    pdf_url: z.string().nullable(),
    /** Quiz without the answers; null when the training has none. */
    quiz: z
      .object({
        questions: z.array(z.object({ question: z.string(), options: z.array(z.string()) })),
        pass_mark: z.number().int(),
      })
      .nullable(),
  }),
]);
export type ActivityContent = z.infer<typeof ActivityContentSchema>;

/** The member's participation in an activity. */
export const MyParticipationSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'completed', 'approved', 'rejected']),
  data: z.record(z.string(), z.unknown()),
  reject_reason: z.string().nullable(),
  created_at: iso,
});

export const ActivitySchema = z.object({
  id: z.string(),
  project_id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  title: z.string(),
  description: z.string().nullable(),
  points: z.number().int(),
  starts_at: iso.nullable(),
  due_at: iso.nullable(),
  status: z.enum(ACTIVITY_STATUSES),
  participation: MyParticipationSchema.nullable(),
});
export type Activity = z.infer<typeof ActivitySchema>;

export const ProjectDetailResponseSchema = z.object({
  project: ProjectSchema.extend({ activities: z.array(ActivitySchema) }),
});
export const ActivityDetailResponseSchema = z.object({
  activity: ActivitySchema.extend({
    content: ActivityContentSchema,
    project_name: z.string(),
    can_participate: z.boolean(),
  }),
});

/** POST /api/activities/{id}/shares: prepares the member's tracked link before sharing. */
export const CreateShareRequestSchema = z.object({
  channel: z.enum(SOCIAL_CHANNELS, { message: `channel must be one of ${SOCIAL_CHANNELS.join(', ')}` }),
  /** The text as the member edited it; checked against the channel's limit. */
  text: z.string().max(63206),
});
export const ShareSchema = z.object({
  id: z.string(),
  url: z.string(),
  channel: z.string(),
  text: z.string(),
  clicks: z.number().int(),
});
export const ShareResponseSchema = z.object({ share: ShareSchema });

/** POST /api/shares/{id}/complete: the member says they posted it. */
export const CompleteShareRequestSchema = z.object({
  post_url: z
    .string()
    .trim()
    .max(2048)
    .refine(
      (v) => v === '' || /^https?:\/\/\S+\.\S+/.test(v),
      'Post URL must be a web address starting with http:// or https://',
    )
    .optional(),
});

/** POST /api/activities/{id}/participation: submit a response, a submission or a training completion. */
export const ParticipateRequestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('general_participation'),
    text: z.string().trim().max(RESPONSE_MAX_LENGTH).optional(),
    choice: z.string().max(200).optional(),
    image_url: fileUrl('Photo').optional(),
  }),
  z.object({
    type: z.literal('content_submission'),
    caption: z
      .string()
      .trim()
      .min(1, 'Caption is required')
      .max(CAPTION_MAX_LENGTH, `Caption must be ${CAPTION_MAX_LENGTH} characters or less`),
    media_urls: z
      .array(fileUrl('Media'))
      .min(1, 'Add at least one photo or video')
      .max(10, 'Add at most 10 files'),
  }),
  z.object({ type: z.literal('training'), answers: z.array(z.number().int().min(0)).max(50).default([]) }),
]);
export type ParticipateRequest = z.infer<typeof ParticipateRequestSchema>;
export const ParticipateResponseSchema = z.object({
  activity: ActivitySchema,
  /** Points awarded by this call (0 when none, e.g. waiting for review). */
  points_awarded: z.number().int(),
  /** Training quiz result, when there is a quiz. */
  score: z.object({ correct: z.number().int(), total: z.number().int(), passed: z.boolean() }).nullable(),
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
      due_at: iso.nullable(),
    }),
  ),
});

// ---- Admin ----

export const ActivityConfigInputSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('social_post'),
    template_id: z.uuid({ message: 'template_id must be a library template id' }).nullable(),
    creative_ids: z
      .array(z.uuid({ message: 'creative_ids must be library creative ids' }))
      .max(10, 'At most 10 creatives')
      .default([]),
    channels: z.array(z.enum(SOCIAL_CHANNELS)).default([]),
  }),
  z.object({
    type: z.literal('general_participation'),
    prompt: z.string().trim().min(1, 'Prompt is required').max(ACTIVITY_DESCRIPTION_MAX_LENGTH),
    response: z.enum(['text', 'choice', 'photo'], { message: 'response must be text, choice or photo' }),
    choices: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
  }),
  z.object({
    type: z.literal('content_submission'),
    prompt: z.string().trim().min(1, 'Prompt is required').max(ACTIVITY_DESCRIPTION_MAX_LENGTH),
    media: z.enum(['image', 'video', 'any']).default('any'),
  }),
  z.object({
    type: z.literal('training'),
    body: z
      .string()
      .max(TRAINING_BODY_MAX_LENGTH, `Training text must be ${TRAINING_BODY_MAX_LENGTH} characters or less`)
      .default(''),
    video_url: fileUrl('Video').nullable().default(null),
    pdf_url: fileUrl('PDF').nullable().default(null),
    quiz: z
      .object({
        questions: z
          .array(
            z.object({
              question: z.string().trim().min(1, 'Question is required').max(500),
              options: z
                .array(z.string().trim().min(1).max(200))
                .min(2, 'A question needs at least 2 options')
                .max(8),
              answer: z.number().int().min(0),
            }),
          )
          .min(1, 'A quiz needs at least one question')
          .max(50),
        /** Percent of correct answers needed to pass. */
        pass_mark: z.number().int().min(0).max(100),
      })
      .nullable()
      .default(null),
  }),
]);
export type ActivityConfigInput = z.infer<typeof ActivityConfigInputSchema>;

export const UpsertActivityRequestSchema = z.object({
  title: title('Title'),
  description: z.string().trim().max(ACTIVITY_DESCRIPTION_MAX_LENGTH).nullable().optional(),
  points: z
    .number({ message: 'Points must be a number' })
    .int('Points must be a whole number')
    .min(0, 'Points cannot be negative')
    .max(100_000),
  starts_at: dateInput('Start'),
  due_at: dateInput('Due date'),
  config: ActivityConfigInputSchema,
});
export type UpsertActivityRequest = z.infer<typeof UpsertActivityRequestSchema>;
/** PATCH /api/admin/activities/{id}: any of the fields; `config`, when given, replaces the whole config. */
export const UpdateActivityRequestSchema = patchOf(UpsertActivityRequestSchema);
export type UpdateActivityRequest = z.infer<typeof UpdateActivityRequestSchema>;

export const UpsertProjectRequestSchema = z.object({
  name: title('Name'),
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

export const UpsertTemplateRequestSchema = z.object({
  name: title('Name'),
  body: z.string().min(1, 'Text is required').max(63206),
  placeholders: z.array(PlaceholderSchema).max(20).default([]),
  tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
});
export const UpsertCreativeRequestSchema = z.object({
  name: title('Name'),
  url: fileUrl('File'),
  tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
});
/** PATCH /api/admin/library/templates/{id}: any of the fields. */
export const UpdateTemplateRequestSchema = patchOf(UpsertTemplateRequestSchema);
export type UpdateTemplateRequest = z.infer<typeof UpdateTemplateRequestSchema>;
/** PATCH /api/admin/library/creatives/{id}: any of the fields. */
export const UpdateCreativeRequestSchema = patchOf(UpsertCreativeRequestSchema);
export type UpdateCreativeRequest = z.infer<typeof UpdateCreativeRequestSchema>;

export const ReviewParticipationRequestSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { message: 'decision must be approve or reject' }),
    reason: z.string().trim().max(500).optional(),
  })
  .refine((b) => b.decision === 'approve' || (b.reason ?? '') !== '', {
    message: 'A reason is required to reject',
    path: ['reason'],
  });
