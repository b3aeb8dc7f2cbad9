import { z } from 'zod';
import { ACTIVITY_TYPES } from '../constants/domain.ts';
import { CAPTION_MAX_LENGTH, RESPONSE_MAX_LENGTH } from '../constants/limits.ts';
import { ActivitySchema } from './activities.ts';
import { fileUrl } from './common.ts';

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
  /**
   * Training quiz result, when there is a quiz. `wrong`: the positions (0-based) of the questions answered wrongly,
   * so a failed attempt says which to look at again; the right answers themselves stay unsaid.
   */
  score: z
    .object({
      correct: z.number().int(),
      total: z.number().int(),
      passed: z.boolean(),
      wrong: z.array(z.number().int()),
    })
    .nullable(),
});

// ---- Admin ----

export const ReviewParticipationRequestSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { message: 'decision must be approve or reject' }),
    reason: z.string().trim().max(500).optional(),
  })
  .refine((b) => b.decision === 'approve' || (b.reason ?? '') !== '', {
    message: 'A reason is required to reject',
    path: ['reason'],
  });

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
