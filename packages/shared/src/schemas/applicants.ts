import { z } from 'zod';
import { SOCIAL_CHANNELS, type SocialChannel } from '../constants/domain.ts';
import { isValidWebsiteUrl } from '../rules/validation.ts';
import { fileUrl, isoString, titleInput } from './common.ts';

/** Kinds of question an application form asks (issue 14). */
export const QUESTION_TYPES = [
  'short_text',
  'long_text',
  'single_choice',
  'multiple_choice',
  'social_handle',
  'file',
  'consent',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const APPLICATION_DESCRIPTION_MAX = 2000;
export const QUESTIONS_MAX = 40;
export const QUESTION_LABEL_MAX = 300;
export const QUESTION_HELP_MAX = 500;
export const QUESTION_OPTIONS_MAX = 20;
export const QUESTION_OPTION_MAX = 120;
export const SHORT_ANSWER_MAX = 200;
export const LONG_ANSWER_MAX = 5000;
export const APPLICATION_TEAMS_MAX = 20;
export const RULE_DOMAINS_MAX = 20;

/** The hosts a profile link of each social channel may point at. */
export const CHANNEL_HOSTS: Readonly<Record<SocialChannel, readonly string[]>> = {
  facebook: ['facebook.com', 'fb.com'],
  instagram: ['instagram.com'],
  instagram_legacy: ['instagram.com'],
  linkedin: ['linkedin.com'],
  tiktok: ['tiktok.com'],
  tiktok_legacy: ['tiktok.com'],
  twitter: ['twitter.com', 'x.com'],
};

/** Names of the channels as applicants read them. */
export const CHANNEL_NAMES: Readonly<Record<SocialChannel, string>> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  instagram_legacy: 'Instagram',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  tiktok_legacy: 'TikTok',
  twitter: 'X (Twitter)',
};

const optionText = z
  .string({ message: 'options must be texts' })
  .trim()
  .min(1, 'options cannot be empty')
  .max(QUESTION_OPTION_MAX, `options must be ${QUESTION_OPTION_MAX} characters or less`);

/** One question of a form. `id` is chosen by the form builder and keys the answers. */
export const ApplicationQuestionSchema = z.object({
  /** Stable key of the answers: letters, digits, _ and -. */
  id: z
    .string({ message: 'questions.id is required' })
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'questions.id must be 1 to 40 letters, digits, _ or -'),
  type: z.enum(QUESTION_TYPES, { message: `questions.type must be one of ${QUESTION_TYPES.join(', ')}` }),
  label: z
    .string({ message: 'questions.label is required' })
    .trim()
    .min(1, 'questions.label is required')
    .max(QUESTION_LABEL_MAX, `questions.label must be ${QUESTION_LABEL_MAX} characters or less`),
  /** Optional hint shown under the label. */
  help: z
    .string()
    .trim()
    .max(QUESTION_HELP_MAX, `questions.help must be ${QUESTION_HELP_MAX} characters or less`)
    .nullable()
    .default(null),
  required: z.boolean({ message: 'questions.required must be true or false' }).default(false),
  /** Choices of a single or multiple choice question. */
  options: z
    .array(optionText)
    .max(QUESTION_OPTIONS_MAX, `questions.options must hold at most ${QUESTION_OPTIONS_MAX} choices`)
    .default([]),
  /** The network of a social profile handle question. */
  channel: z
    .enum(SOCIAL_CHANNELS, { message: `questions.channel must be one of ${SOCIAL_CHANNELS.join(', ')}` })
    .nullable()
    .default(null),
});
export type ApplicationQuestion = z.output<typeof ApplicationQuestionSchema>;
export type ApplicationQuestionInput = z.input<typeof ApplicationQuestionSchema>;

const domain = z
  .string({ message: 'rules domains must be texts' })
  .trim()
  .toLowerCase()
  .regex(/^@?[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'rules domains must be email domains such as example.com')
  .transform((d) => d.replace(/^@/, ''));

/** "An answer equal to `value`" (a choice, a text, or "yes" for a checked consent). */
const AnswerRuleSchema = z.object({
  question_id: z.string().max(40),
  value: z.string().trim().min(1, 'rules value is required').max(QUESTION_OPTION_MAX),
});

/** Optional automatic decisions at submission; a rejecting rule wins over an approving one. */
export const ApplicationRulesSchema = z.object({
  approve_answer: AnswerRuleSchema.nullable().default(null),
  approve_domains: z.array(domain).max(RULE_DOMAINS_MAX).default([]),
  reject_answer: AnswerRuleSchema.nullable().default(null),
  reject_domains: z.array(domain).max(RULE_DOMAINS_MAX).default([]),
});
export type ApplicationRules = Partial<z.output<typeof ApplicationRulesSchema>>;

/** The rules as the server answers them (no input transforms: answers are encoded, not parsed). */
export const ApplicationRulesResponseSchema = z.object({
  approve_answer: AnswerRuleSchema.nullable(),
  approve_domains: z.array(z.string()),
  reject_answer: AnswerRuleSchema.nullable(),
  reject_domains: z.array(z.string()),
});

/** POST /api/admin/applications: a new form. */
export const CreateApplicationRequestSchema = z.object({
  title: titleInput('title'),
  description: z
    .string()
    .trim()
    .max(APPLICATION_DESCRIPTION_MAX, `description must be ${APPLICATION_DESCRIPTION_MAX} characters or less`)
    .nullable()
    .default(null),
  cover_image_url: fileUrl('cover_image_url').nullable().default(null),
  questions: z
    .array(ApplicationQuestionSchema)
    .max(QUESTIONS_MAX, `questions must hold at most ${QUESTIONS_MAX} questions`)
    .default([]),
  team_ids: z
    .array(z.uuid({ message: 'team_ids must be team ids' }))
    .max(APPLICATION_TEAMS_MAX, `team_ids must hold at most ${APPLICATION_TEAMS_MAX} teams`)
    .default([]),
  rules: ApplicationRulesSchema.default({
    approve_answer: null,
    approve_domains: [],
    reject_answer: null,
    reject_domains: [],
  }),
  is_open: z.boolean({ message: 'is_open must be true or false' }).default(true),
});
export type CreateApplicationRequest = z.input<typeof CreateApplicationRequestSchema>;

/** What makes a whole form unsavable (checked after a PATCH is merged too), naming the field; null if fine. */
export function applicationFormProblem(form: {
  questions: readonly ApplicationQuestion[];
  rules: ApplicationRules;
}): string | null {
  const ids = new Set<string>();
  for (const q of form.questions) {
    if (ids.has(q.id)) return `questions.id ${q.id} is used twice`;
    ids.add(q.id);
    const isChoice = q.type === 'single_choice' || q.type === 'multiple_choice';
    if (isChoice && q.options.length < 2) return `questions.options: "${q.label}" needs at least 2 choices`;
    if (isChoice && new Set(q.options).size !== q.options.length)
      return `questions.options: "${q.label}" lists a choice twice`;
    if (q.type === 'social_handle' && !q.channel) return `questions.channel: "${q.label}" needs a channel`;
  }
  for (const key of ['approve_answer', 'reject_answer'] as const) {
    const rule = form.rules[key];
    if (rule && !ids.has(rule.question_id)) return `rules.${key} must name a question of this form`;
  }
  return null;
}

/** A form as its designers see it (/admin/applicants). */
export const AdminApplicationSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  cover_image_url: z.string().nullable(),
  questions: z.array(ApplicationQuestionSchema),
  team_ids: z.array(z.string()),
  rules: ApplicationRulesResponseSchema,
  is_open: z.boolean(),
  /** The public link: on the client's own domain when it has one, else the path. */
  public_url: z.string(),
  /** Applicants waiting for a decision (pending or info requested). */
  waiting_count: z.number(),
  created_at: isoString,
  updated_at: isoString,
});
export type AdminApplication = z.infer<typeof AdminApplicationSchema>;

export const AdminApplicationResponseSchema = z.object({ application: AdminApplicationSchema });
export const AdminApplicationsResponseSchema = z.object({
  applications: z.array(AdminApplicationSchema),
  next_cursor: z.string().nullable(),
});
export type AdminApplicationsResponse = z.infer<typeof AdminApplicationsResponseSchema>;

/** GET /api/applications/{id}: an open form as the public sees it. */
export const ApplicationResponseSchema = z.object({
  application: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    cover_image_url: z.string().nullable(),
    questions: z.array(ApplicationQuestionSchema),
    client_name: z.string(),
  }),
});
export type PublicApplication = z.infer<typeof ApplicationResponseSchema>['application'];

/** One answer: a text (texts, choices, links, file URLs), several choices, or a consent. */
export const AnswerValueSchema = z.union([
  z.string().max(LONG_ANSWER_MAX, `answers must be ${LONG_ANSWER_MAX} characters or less`),
  z.array(z.string().max(QUESTION_OPTION_MAX)).max(QUESTION_OPTIONS_MAX),
  z.boolean(),
]);
export const AnswersSchema = z
  .record(z.string().max(40), AnswerValueSchema, { message: 'answers must be an object' })
  .refine(
    (a) => Object.keys(a).length <= QUESTIONS_MAX,
    `answers must hold at most ${QUESTIONS_MAX} answers`,
  );
export type Answers = z.infer<typeof AnswersSchema>;

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === false ||
  (typeof v === 'string' ? v.trim() === '' : false) ||
  (Array.isArray(v) && v.length === 0);

/** True when `url` is a profile link on one of the channel's hosts. */
export function isChannelProfileUrl(channel: SocialChannel, url: string): boolean {
  if (!/^https?:\/\//i.test(url) || !isValidWebsiteUrl(url)) return false;
  const parts = /^https?:\/\/([^/:?#]+)(?::\d+)?(\/[^?#]*)?/i.exec(url);
  if (!parts) return false;
  const host = parts[1]!.toLowerCase().replace(/^(www|m|mobile)\./, '');
  // A profile, not the network's home page: something after the slash.
  return CHANNEL_HOSTS[channel].includes(host) && (parts[2] ?? '/').replace(/\/+$/, '').length > 1;
}

/** Why one answer is not acceptable, in the words the applicant sees; null when it is fine. */
export function answerProblem(q: ApplicationQuestion, value: unknown, opts: { skipFiles?: boolean } = {}) {
  if (q.type === 'file' && opts.skipFiles) return null;
  if (isEmpty(value)) {
    if (!q.required) return null;
    return q.type === 'consent' ? `Please agree to continue: ${q.label}` : `${q.label} is required`;
  }
  switch (q.type) {
    case 'short_text':
    case 'long_text': {
      const max = q.type === 'short_text' ? SHORT_ANSWER_MAX : LONG_ANSWER_MAX;
      if (typeof value !== 'string') return `${q.label} must be text`;
      return value.trim().length > max ? `${q.label} must be ${max} characters or less` : null;
    }
    case 'single_choice':
      return typeof value === 'string' && q.options.includes(value)
        ? null
        : `${q.label}: choose one of the options`;
    case 'multiple_choice':
      return Array.isArray(value) &&
        value.every((v) => q.options.includes(v)) &&
        new Set(value).size === value.length
        ? null
        : `${q.label}: choose from the options`;
    case 'social_handle':
      return typeof value === 'string' && isChannelProfileUrl(q.channel ?? 'instagram', value.trim())
        ? null
        : `${q.label} must be a link to your ${CHANNEL_NAMES[q.channel ?? 'instagram']} profile, such as https://${CHANNEL_HOSTS[q.channel ?? 'instagram'][0]}/yourname`;
    case 'file':
      return typeof value === 'string' && /^\/api\/files\/[\w.-]+$/.test(value)
        ? null
        : `${q.label} must be an uploaded file`;
    case 'consent':
      return value === true ? null : `${q.label} must be checked or unchecked`;
  }
}

/**
 * Problems of a set of answers, by question id; answers to unknown questions are refused too. `skipFiles` leaves
 * file questions out (files are uploaded once the applicant is signed in).
 */
export function answersProblems(
  questions: readonly ApplicationQuestion[],
  answers: Answers,
  opts: { skipFiles?: boolean } = {},
): Record<string, string> {
  const problems: Record<string, string> = {};
  const known = new Set(questions.map((q) => q.id));
  for (const key of Object.keys(answers))
    if (!known.has(key)) problems[key] = `answers.${key} is not a question of this form`;
  for (const q of questions) {
    const problem = answerProblem(q, answers[q.id], opts);
    if (problem) problems[q.id] = problem;
  }
  return problems;
}
