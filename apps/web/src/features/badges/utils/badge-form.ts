import {
  type ActivityType,
  type AdminBadge,
  BADGE_FIRST_OF,
  type BadgeCriterion,
  badgeRuleProblem,
  type CreateBadgeRequest,
  CreateBadgeRequestSchema,
} from '@rally/shared';

/** Whether a criterion counts toward a target (and so takes a threshold or tiers). */
export const isCounted = (criterion: BadgeCriterion) =>
  criterion !== 'manual' && !BADGE_FIRST_OF.includes(criterion);

/** The badge form's values as the inputs hold them (numbers as typed). */
export interface BadgeFormValues {
  name: string;
  description: string;
  /** An uploaded picture; null: the generated medal in the client's colours. */
  imageUrl: string | null;
  hidden: boolean;
  criterion: BadgeCriterion;
  period: 'week' | 'month' | 'all';
  /** 'any' counts every activity type. */
  activityType: ActivityType | 'any';
  targetMode: 'single' | 'tiers';
  threshold: string;
  bronze: string;
  silver: string;
  gold: string;
}

/** Form field a message belongs to. */
export type BadgeFormField =
  | 'name'
  | 'description'
  | 'image'
  | 'period'
  | 'threshold'
  | 'bronze'
  | 'silver'
  | 'gold'
  | 'form';
export type BadgeFormErrors = Partial<Record<BadgeFormField, string>>;

const text = (n: number | null | undefined) => (n == null ? '' : String(n));

/** The form's starting values: a new badge (one share), or the badge being edited. */
export function formFromBadge(badge?: AdminBadge | null): BadgeFormValues {
  return {
    name: badge?.name ?? '',
    description: badge?.description ?? '',
    imageUrl: badge?.image_url ?? null,
    hidden: badge?.hidden ?? false,
    criterion: badge?.criterion ?? 'shares',
    period: badge?.period ?? 'week',
    activityType: badge?.activity_type ?? 'any',
    targetMode: badge?.tiers ? 'tiers' : 'single',
    threshold: badge ? text(badge.threshold) : '1',
    bronze: text(badge?.tiers?.bronze),
    silver: text(badge?.tiers?.silver),
    gold: text(badge?.tiers?.gold),
  };
}

/** A typed number, or undefined when the box is empty (the schema then says it is required). */
const num = (value: string) => (value.trim() === '' ? undefined : Number(value.trim()));

/** The request body the values make: options the criterion has no use for are sent as null. */
export function requestFromForm(v: BadgeFormValues): CreateBadgeRequest {
  const counted = isCounted(v.criterion);
  const isTiered = counted && v.targetMode === 'tiers';
  return {
    name: v.name,
    description: v.description,
    image_url: v.imageUrl,
    hidden: v.hidden,
    criterion: v.criterion,
    period: v.criterion === 'points' ? v.period : null,
    activity_type: v.criterion === 'activities' && v.activityType !== 'any' ? v.activityType : null,
    threshold: counted && !isTiered ? (num(v.threshold) as number) : null,
    tiers: isTiered
      ? { bronze: num(v.bronze) as number, silver: num(v.silver) as number, gold: num(v.gold) as number }
      : null,
  };
}

function fieldOf(path: readonly PropertyKey[]): BadgeFormField {
  const [first, second] = path.map(String);
  if (first === 'tiers' && (second === 'bronze' || second === 'silver' || second === 'gold')) return second;
  if (first === 'tiers') return 'gold';
  if (first === 'image_url') return 'image';
  if (first === 'name' || first === 'description' || first === 'period' || first === 'threshold')
    return first;
  return 'form';
}

/**
 * Checks the values with the API's own schema and rule check: the body to send, or messages by field (the
 * server's wording, so the form and a 400 say the same).
 */
export function validateBadgeForm(
  v: BadgeFormValues,
): { body: CreateBadgeRequest; errors: null } | { body: null; errors: BadgeFormErrors } {
  const body = requestFromForm(v);
  const parsed = CreateBadgeRequestSchema.safeParse(body);
  if (!parsed.success) {
    const errors: BadgeFormErrors = {};
    for (const issue of parsed.error.issues) errors[fieldOf(issue.path)] ??= issue.message;
    return { body: null, errors };
  }
  const d = parsed.data;
  const thresholds = d.tiers
    ? [d.tiers.bronze, d.tiers.silver, d.tiers.gold]
    : d.threshold
      ? [d.threshold]
      : [1];
  const problem = badgeRuleProblem({
    criterion: d.criterion,
    period: d.period ?? null,
    activity_type: d.activity_type ?? null,
    thresholds: isCounted(d.criterion) ? (d.tiers || d.threshold ? thresholds : []) : [1],
  });
  if (problem) {
    const field: BadgeFormField = problem.startsWith('period')
      ? 'period'
      : problem.includes('threshold')
        ? 'threshold'
        : 'form';
    return { body: null, errors: { [field]: problem } };
  }
  return { body, errors: null };
}

/** Whether saving changes what the badge awards (and so recomputes every member). */
export function isRuleChanged(badge: AdminBadge, body: CreateBadgeRequest): boolean {
  return (
    badge.criterion !== body.criterion ||
    badge.period !== (body.period ?? null) ||
    badge.activity_type !== (body.activity_type ?? null) ||
    badge.threshold !== (body.threshold ?? null) ||
    JSON.stringify(badge.tiers) !== JSON.stringify(body.tiers ?? null)
  );
}
