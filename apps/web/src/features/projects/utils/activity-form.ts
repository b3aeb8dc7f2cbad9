import {
  ACTIVITY_DESCRIPTION_MAX_LENGTH,
  ACTIVITY_TYPES,
  type ActivityConfigInput,
  ActivityConfigInputSchema,
  type ActivityType,
  type AdminActivity,
  SOCIAL_CHANNELS,
  type UpsertActivityRequest,
  UpsertActivityRequestSchema,
} from '@rally/shared';
import { z } from 'zod';
import { fromDateTimeLocal, isDateTimeLocal, isEndBeforeStart, toDateTimeLocal } from './datetime-local';
import type { Translate } from './project-form';
import type { QuizDraft } from './quiz-builder';

const activity = UpsertActivityRequestSchema.shape;

/** Every type's settings side by side, so switching the type of a new activity loses nothing typed. */
const activityFormObject = (t: Translate) =>
  z.object({
    type: z.enum(ACTIVITY_TYPES),
    title: activity.title,
    description: z
      .string()
      .max(
        ACTIVITY_DESCRIPTION_MAX_LENGTH,
        t('adminProjects.form.descriptionTooLong', { max: ACTIVITY_DESCRIPTION_MAX_LENGTH }),
      ),
    points: activity.points,
    starts_at: z.string().refine(isDateTimeLocal, t('adminProjects.form.invalidDate')),
    due_at: z.string().refine(isDateTimeLocal, t('adminProjects.form.invalidDate')),
    template_id: z.string().nullable(),
    creative_ids: z.array(z.string()),
    channels: z.array(z.enum(SOCIAL_CHANNELS)),
    destination_url: z.string(),
    prompt: z.string(),
    response: z.enum(['text', 'choice', 'photo']),
    choices: z.array(z.string()),
    media: z.enum(['image', 'video', 'any']),
    body: z.string(),
    video_url: z.string().nullable(),
    pdf_url: z.string().nullable(),
    quiz: z.custom<QuizDraft | null>(() => true),
  });

export type ActivityFormValues = z.infer<ReturnType<typeof activityFormObject>>;

/** The activity's `config` as the API takes it, built from the settings of its type. */
export function toActivityConfig(v: ActivityFormValues): ActivityConfigInput {
  const trim = (list: string[]) => list.map((item) => item.trim());
  switch (v.type) {
    case 'social_post':
      return {
        type: v.type,
        template_id: v.template_id,
        creative_ids: v.creative_ids,
        channels: v.channels,
        destination_url: v.destination_url.trim() || null,
      };
    case 'general_participation':
      return {
        type: v.type,
        prompt: v.prompt.trim(),
        response: v.response,
        choices: v.response === 'choice' ? trim(v.choices) : [],
      };
    case 'content_submission':
      return { type: v.type, prompt: v.prompt.trim(), media: v.media };
    case 'training': {
      const quiz = v.quiz && {
        pass_mark: v.quiz.pass_mark,
        questions: v.quiz.questions.map((q) => ({
          ...q,
          question: q.question.trim(),
          options: trim(q.options),
        })),
      };
      return { type: v.type, body: v.body, video_url: v.video_url, pdf_url: v.pdf_url, quiz };
    }
  }
}

type Issue = { path: (string | number)[]; message: string };

/** Checks the shared schema cannot phrase for people (or only the server makes), with the app's words. */
function findFormIssues(v: ActivityFormValues, t: Translate): Issue[] {
  const issues: Issue[] = [];
  const add = (path: Issue['path'], key: string) =>
    issues.push({ path, message: t(`adminProjects.activityForm.${key}`) });
  if (isEndBeforeStart(v.starts_at, v.due_at)) add(['due_at'], 'dueBeforeStart');
  if (v.type === 'social_post' && !v.template_id && v.creative_ids.length === 0)
    add(['template_id'], 'postNeedsContent');
  if (v.type === 'general_participation' && v.response === 'choice') {
    if (v.choices.length < 2) add(['choices'], 'choicesMin');
    for (const [i, choice] of v.choices.entries()) if (!choice.trim()) add(['choices', i], 'choiceRequired');
  }
  if (v.type === 'training') {
    if (!v.body.trim() && !v.video_url && !v.pdf_url) add(['body'], 'trainingNeedsContent');
    for (const [qi, question] of (v.quiz?.questions ?? []).entries()) {
      for (const [oi, option] of question.options.entries()) {
        if (!option.trim()) add(['quiz', 'questions', qi, 'options', oi], 'optionRequired');
      }
    }
  }
  return issues;
}

/** The activity form: the shared activity schema, plus the checks above, on flat per-type fields. */
export function createActivityFormSchema(t: Translate) {
  return activityFormObject(t).superRefine((values, ctx) => {
    const issues = findFormIssues(values, t);
    const seen = new Set(issues.map((issue) => issue.path.join('.')));
    const shared = ActivityConfigInputSchema.safeParse(toActivityConfig(values));
    for (const issue of shared.success ? [] : shared.error.issues) {
      const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      if (!seen.has(path.join('.'))) issues.push({ path, message: issue.message });
    }
    for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue });
  });
}

/** Form values for an activity, or for a new one of `type`. */
export function toActivityFormValues(current: AdminActivity | null, type: ActivityType): ActivityFormValues {
  const values: ActivityFormValues = {
    type: current?.type ?? type,
    title: current?.title ?? '',
    description: current?.description ?? '',
    points: current?.points ?? 10,
    starts_at: toDateTimeLocal(current?.starts_at),
    due_at: toDateTimeLocal(current?.due_at),
    template_id: null,
    creative_ids: [],
    channels: [],
    destination_url: '',
    prompt: '',
    response: 'text',
    choices: ['', ''],
    media: 'any',
    body: '',
    video_url: null,
    pdf_url: null,
    quiz: null,
  };
  if (!current) return values;
  const { type: _type, ...config } = current.config;
  const merged = {
    ...values,
    ...config,
    destination_url: ('destination_url' in config && config.destination_url) || '',
  };
  return current.config.type === 'general_participation' && merged.choices.length === 0
    ? { ...merged, choices: ['', ''] }
    : merged;
}

/** The request body of POST /api/admin/projects/{id}/activities and PATCH /api/admin/activities/{id}. */
export function toActivityRequest(values: ActivityFormValues): UpsertActivityRequest {
  const description = values.description.trim();
  return {
    title: values.title.trim(),
    description: description === '' ? null : description,
    points: values.points,
    starts_at: fromDateTimeLocal(values.starts_at),
    due_at: fromDateTimeLocal(values.due_at),
    config: toActivityConfig(values),
  };
}
