import { z } from 'zod';
import { AnswersSchema, ApplicationQuestionSchema } from './applicants.ts';
import { EmailSchema, PasswordSchema, SignupLocaleSchema } from './auth.ts';
import { IdSchema, isoString, ListQuerySchema } from './common.ts';
import { UserSchema } from './users.ts';

/** Where an application stands. */
export const APPLICANT_STATUSES = ['pending', 'info_requested', 'approved', 'rejected'] as const;
export type ApplicantStatus = (typeof APPLICANT_STATUSES)[number];

export const REVIEW_NOTE_MAX = 1000;
export const BULK_DECISION_MAX = 100;
/** Rows one CSV export holds at most (the newest first). */
export const APPLICANTS_EXPORT_MAX = 10_000;

const nameInput = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(80, `${label} must be 80 characters or less`);

/** POST /api/applications/{id}/applicants: apply without an account; creates the APPLICANT account. */
export const ApplyRequestSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  first_name: nameInput('First name'),
  last_name: nameInput('Last name'),
  answers: AnswersSchema.default({}),
  locale: SignupLocaleSchema,
});
export type ApplyRequest = z.input<typeof ApplyRequestSchema>;
/** An application as the server receives it, after parsing. */
export type ApplyBody = z.output<typeof ApplyRequestSchema>;

/** The person behind an application, as reviewers see them. */
export const ApplicantPersonSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  display_name: z.string(),
  email_verified: z.boolean(),
});

/** An application with its answers: the applicant's own page and a reviewer's detail view. */
export const ApplicantSchema = z.object({
  id: z.string(),
  status: z.enum(APPLICANT_STATUSES),
  /** The reason of a rejection or the information requested. */
  review_note: z.string().nullable(),
  answers: z.record(z.string(), z.unknown()),
  created_at: isoString,
  updated_at: isoString,
  decided_at: isoString.nullable(),
  application: z.object({
    id: z.string(),
    title: z.string(),
    questions: z.array(ApplicationQuestionSchema),
  }),
  person: ApplicantPersonSchema,
  abilities: z.object({
    /** The applicant may change the answers (pending or info requested). */
    can_edit: z.boolean(),
    /** The viewer may decide (reviewers, while undecided). */
    can_decide: z.boolean(),
  }),
});
export type Applicant = z.infer<typeof ApplicantSchema>;
export const ApplicantResponseSchema = z.object({ applicant: ApplicantSchema });

/** Answer of applying: the new account signed in, and the application's id (its page). */
export const ApplyResponseSchema = z.object({
  applicant_id: z.string(),
  status: z.enum(APPLICANT_STATUSES),
  user: UserSchema,
  token: z.string(),
});
export type ApplyResponse = z.infer<typeof ApplyResponseSchema>;

/** PATCH /api/applicants/{id}: the applicant changes answers while undecided. */
export const UpdateAnswersRequestSchema = z.object({ answers: AnswersSchema });

const dateParam = (label: string) =>
  z.iso.date({ message: `${label} must be a date (YYYY-MM-DD)` }).optional();

/** GET /api/admin/applicants (and its CSV export): the review queue, newest first. */
export const ApplicantQueueQuerySchema = ListQuerySchema.extend({
  application: z.uuid({ message: 'application must be a form id' }).optional(),
  status: z
    .enum(APPLICANT_STATUSES, { message: `status must be one of ${APPLICANT_STATUSES.join(', ')}` })
    .optional(),
  from: dateParam('from'),
  to: dateParam('to'),
  q: z.string().trim().max(100, 'q must be 100 characters or less').optional(),
});
export type ApplicantQueueQuery = z.input<typeof ApplicantQueueQuerySchema>;

export const ApplicantQueueItemSchema = z.object({
  id: z.string(),
  status: z.enum(APPLICANT_STATUSES),
  created_at: isoString,
  application: z.object({ id: z.string(), title: z.string() }),
  person: ApplicantPersonSchema,
});
export type ApplicantQueueItem = z.infer<typeof ApplicantQueueItemSchema>;
export const ApplicantQueueResponseSchema = z.object({
  applicants: z.array(ApplicantQueueItemSchema),
  next_cursor: z.string().nullable(),
});
export type ApplicantQueueResponse = z.infer<typeof ApplicantQueueResponseSchema>;

export const APPLICANT_DECISIONS = ['approve', 'reject', 'request_info'] as const;
export type ApplicantDecision = (typeof APPLICANT_DECISIONS)[number];

const note = z
  .string()
  .trim()
  .max(REVIEW_NOTE_MAX, `message must be ${REVIEW_NOTE_MAX} characters or less`)
  .optional();

/** POST /api/admin/applicants/{id}/decision. A rejection needs a reason, a request for information a message. */
export const DecideApplicantRequestSchema = z
  .object({
    decision: z.enum(APPLICANT_DECISIONS, {
      message: `decision must be one of ${APPLICANT_DECISIONS.join(', ')}`,
    }),
    message: note,
  })
  .refine((b) => b.decision === 'approve' || (b.message ?? '') !== '', {
    message: 'message is required to reject or ask for more information',
    path: ['message'],
  });
export type DecideApplicantRequest = z.infer<typeof DecideApplicantRequestSchema>;

/** POST /api/admin/applicants/decisions: approve or reject many at once (after a confirmation). */
export const BulkDecisionRequestSchema = z
  .object({
    ids: z
      .array(IdSchema)
      .min(1, 'ids must hold at least one applicant')
      .max(BULK_DECISION_MAX, `ids must hold at most ${BULK_DECISION_MAX} applicants`),
    decision: z.enum(['approve', 'reject'], { message: 'decision must be approve or reject' }),
    message: note,
  })
  .refine((b) => b.decision === 'approve' || (b.message ?? '') !== '', {
    message: 'message is required to reject',
    path: ['message'],
  });
export type BulkDecisionRequest = z.infer<typeof BulkDecisionRequestSchema>;

export const BulkDecisionResponseSchema = z.object({
  /** Applicants decided now. */
  decided: z.number(),
  /** Already decided, unknown or another client's: left as they were. */
  skipped: z.number(),
});
export type BulkDecisionResponse = z.infer<typeof BulkDecisionResponseSchema>;

/**
 * A CSV cell safe to open in a spreadsheet: quoted, and a value that starts like a formula (= + - @, tab or CR)
 * gets a leading apostrophe so it is shown as text, never run.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}
