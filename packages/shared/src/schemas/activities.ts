import { z } from 'zod';
import { ACTIVITY_TYPES, SOCIAL_CHANNELS } from '../constants/domain.ts';
import { ACTIVITY_DESCRIPTION_MAX_LENGTH, TRAINING_BODY_MAX_LENGTH } from '../constants/limits.ts';
import { dateInput, fileUrl, isoString, patchOf, titleInput } from './common.ts';
import { CreativeSchema, TemplateSchema } from './library.ts';
import { webUrl } from './shares.ts';

/** Where a member stands with an activity. */
export const ACTIVITY_STATUSES = ['todo', 'pending', 'completed', 'rejected'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

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
  created_at: isoString,
});

export const ActivitySchema = z.object({
  id: z.string(),
  project_id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  title: z.string(),
  description: z.string().nullable(),
  points: z.number().int(),
  starts_at: isoString.nullable(),
  due_at: isoString.nullable(),
  status: z.enum(ACTIVITY_STATUSES),
  participation: MyParticipationSchema.nullable(),
});
export type Activity = z.infer<typeof ActivitySchema>;

export const ActivityDetailResponseSchema = z.object({
  activity: ActivitySchema.extend({
    content: ActivityContentSchema,
    project_name: z.string(),
    can_participate: z.boolean(),
  }),
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
    /**
     * Where a visitor of a member's tracked link /p/{id} lands (the article, product or careers page); null or
     * absent for none (activities made before it have none).
     */
    destination_url: webUrl('Destination URL').nullish(),
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
  title: titleInput('Title'),
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

export const AdminActivityResponseSchema = z.object({ activity: AdminActivitySchema });
