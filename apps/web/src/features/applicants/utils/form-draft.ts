import type {
  AdminApplication,
  ApplicationQuestion,
  CreateApplicationRequest,
  QuestionType,
  SocialChannel,
} from '@rally/shared';

/** A form being designed: the API's fields, with rules and domains as the inputs hold them. */
export interface FormDraft {
  title: string;
  description: string;
  cover_image_url: string | null;
  questions: ApplicationQuestion[];
  team_ids: string[];
  is_open: boolean;
  /** Auto-approve: question id and value ('' = no rule), and email domains (comma-separated). */
  approve_question: string;
  approve_value: string;
  approve_domains: string;
  reject_question: string;
  reject_value: string;
  reject_domains: string;
}

/** The draft of an existing form, or of a new one. */
export function draftOf(form: AdminApplication | null): FormDraft {
  return {
    title: form?.title ?? '',
    description: form?.description ?? '',
    cover_image_url: form?.cover_image_url ?? null,
    questions: form?.questions ?? [],
    team_ids: form?.team_ids ?? [],
    is_open: form?.is_open ?? true,
    approve_question: form?.rules.approve_answer?.question_id ?? '',
    approve_value: form?.rules.approve_answer?.value ?? '',
    approve_domains: form?.rules.approve_domains.join(', ') ?? '',
    reject_question: form?.rules.reject_answer?.question_id ?? '',
    reject_value: form?.rules.reject_answer?.value ?? '',
    reject_domains: form?.rules.reject_domains.join(', ') ?? '',
  };
}

const domains = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean);

/** The request body of a draft (create and edit send the whole form). */
export function requestOf(d: FormDraft): CreateApplicationRequest {
  return {
    title: d.title,
    description: d.description.trim() || null,
    cover_image_url: d.cover_image_url,
    questions: d.questions,
    team_ids: d.team_ids,
    is_open: d.is_open,
    rules: {
      approve_answer: d.approve_question ? { question_id: d.approve_question, value: d.approve_value } : null,
      approve_domains: domains(d.approve_domains),
      reject_answer: d.reject_question ? { question_id: d.reject_question, value: d.reject_value } : null,
      reject_domains: domains(d.reject_domains),
    },
  };
}

/** A fresh question of a type, with an id no other question of the form has. */
export function newQuestion(type: QuestionType, taken: readonly ApplicationQuestion[]): ApplicationQuestion {
  let n = taken.length + 1;
  while (taken.some((q) => q.id === `q${n}`)) n++;
  const isChoice = type === 'single_choice' || type === 'multiple_choice';
  return {
    id: `q${n}`,
    type,
    label: '',
    help: null,
    required: false,
    options: isChoice ? ['', ''] : [],
    channel: type === 'social_handle' ? ('instagram' satisfies SocialChannel) : null,
  };
}

/** The list with the item at `index` moved by `by` places (unchanged at the ends). */
export function moveItem<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item as T);
  return next;
}
