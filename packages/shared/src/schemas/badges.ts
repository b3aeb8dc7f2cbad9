import { z } from 'zod';
import { ACTIVITY_LABELS, ACTIVITY_TYPES, LEADERBOARD_PERIODS } from '../constants/domain.ts';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '../constants/theme.ts';
import { getContrastText } from '../rules/palette.ts';

/** What a badge counts (issue 13); 'manual' badges are awarded by an admin with a reason. */
export const BADGE_CRITERIA = [
  'points',
  'activities',
  'shares',
  'clicks',
  'streak',
  'trainings',
  'projects',
  'first_share',
  'first_brand_content',
  'manual',
] as const;
export type BadgeCriterion = (typeof BADGE_CRITERIA)[number];

/** Criteria met by one event: no threshold, no tiers. */
export const BADGE_FIRST_OF: readonly BadgeCriterion[] = ['first_share', 'first_brand_content'];

/** Tiers of a tiered badge, lowest first; stored as 1, 2, 3 (0: an untiered badge). */
export const BADGE_TIERS = ['bronze', 'silver', 'gold'] as const;
export type BadgeTier = (typeof BADGE_TIERS)[number];

export const BADGE_NAME_MAX = 80;
export const BADGE_DESCRIPTION_MAX = 500;
export const BADGE_REASON_MAX = 500;
export const BADGE_TARGET_MAX = 10_000_000;

/** A badge's rule as stored and sent: the criterion with its options, and one target or three tier targets. */
export interface BadgeRule {
  criterion: BadgeCriterion;
  period: 'week' | 'month' | 'all' | null;
  activity_type: (typeof ACTIVITY_TYPES)[number] | null;
  /** One target (untiered) or the bronze, silver and gold targets. */
  thresholds: number[];
}

/** Why a rule cannot be saved, naming the field; null when it is fine. */
export function badgeRuleProblem(rule: BadgeRule): string | null {
  const counted = rule.criterion !== 'manual' && !BADGE_FIRST_OF.includes(rule.criterion);
  if (rule.criterion === 'points' && !rule.period) return 'period is required for a points badge';
  if (rule.criterion !== 'points' && rule.period) return 'period applies only to a points badge';
  if (rule.criterion !== 'activities' && rule.activity_type)
    return 'activity_type applies only to an activities badge';
  if (!counted && (rule.thresholds.length !== 1 || rule.thresholds[0] !== 1))
    return `${rule.criterion} badges take no threshold or tiers`;
  if (counted && rule.thresholds.length !== 1 && rule.thresholds.length !== 3)
    return 'threshold or tiers is required';
  return null;
}

const UNITS: Record<BadgeCriterion, [string, string]> = {
  points: ['point', 'points'],
  activities: ['completed activity', 'completed activities'],
  shares: ['share', 'shares'],
  clicks: ['unique click', 'unique clicks'],
  streak: ['active week in a row', 'active weeks in a row'],
  trainings: ['completed training', 'completed trainings'],
  projects: ['completed project', 'completed projects'],
  first_share: ['share', 'shares'],
  first_brand_content: ['Brand Content', 'Brand Content'],
  manual: ['', ''],
};
const PERIOD_WORDS = { week: ' in a week', month: ' in a month', all: '' } as const;

/** "10 shares", "500 points in a week", "3 completed Brand Content activities": what a target means. */
export function describeBadgeTarget(
  rule: Pick<BadgeRule, 'criterion' | 'period' | 'activity_type'>,
  n: number,
) {
  if (rule.criterion === 'first_share') return 'First share';
  if (rule.criterion === 'first_brand_content') return 'First Brand Content';
  if (rule.criterion === 'manual') return 'Awarded by an admin';
  if (rule.criterion === 'activities' && rule.activity_type) {
    const label = ACTIVITY_LABELS[rule.activity_type] ?? rule.activity_type.replace('_', ' ');
    return `${n} completed ${label} ${n === 1 ? 'activity' : 'activities'}`;
  }
  const [one, many] = UNITS[rule.criterion];
  return `${n} ${n === 1 ? one : many}${rule.criterion === 'points' && rule.period ? PERIOD_WORDS[rule.period] : ''}`;
}

const target = (label: string) =>
  z
    .number({ message: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(BADGE_TARGET_MAX, `${label} must be at most ${BADGE_TARGET_MAX}`);

const TiersSchema = z
  .object({ bronze: target('tiers.bronze'), silver: target('tiers.silver'), gold: target('tiers.gold') })
  .strict()
  .refine((t) => t.bronze < t.silver && t.silver < t.gold, {
    message: 'tiers must be ascending: bronze < silver < gold',
  });

const uploadedImage = z
  .string()
  .max(2048)
  .regex(/^\/api\/files\/[0-9a-f-]{36}\.[a-z0-9]+$/, 'image_url must be a file uploaded to this app');

const badgeFields = {
  name: z
    .string({ message: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(BADGE_NAME_MAX, `name must be ${BADGE_NAME_MAX} characters or less`),
  description: z
    .string()
    .trim()
    .max(BADGE_DESCRIPTION_MAX, `description must be ${BADGE_DESCRIPTION_MAX} characters or less`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  /** An upload of this client; null: the app draws one in the client's colours. */
  image_url: uploadedImage.nullable().optional(),
  hidden: z.boolean({ message: 'hidden must be true or false' }).optional(),
  criterion: z.enum(BADGE_CRITERIA, { message: `criterion must be one of ${BADGE_CRITERIA.join(', ')}` }),
  period: z
    .enum(LEADERBOARD_PERIODS, { message: `period must be one of ${LEADERBOARD_PERIODS.join(', ')}` })
    .nullable()
    .optional(),
  activity_type: z
    .enum(ACTIVITY_TYPES, { message: `activity_type must be one of ${ACTIVITY_TYPES.join(', ')}` })
    .nullable()
    .optional(),
  /** The target of an untiered badge. */
  threshold: target('threshold').nullable().optional(),
  /** Targets of a tiered badge instead of threshold. */
  tiers: TiersSchema.nullable().optional(),
};

/** POST /api/admin/badges. */
export const CreateBadgeRequestSchema = z.object(badgeFields).strict();
export type CreateBadgeRequest = z.input<typeof CreateBadgeRequestSchema>;

/** PATCH /api/admin/badges/{id}: any of the fields; archived true archives, false restores. */
export const UpdateBadgeRequestSchema = z
  .object({ ...badgeFields, archived: z.boolean({ message: 'archived must be true or false' }) })
  .partial()
  .strict();
export type UpdateBadgeRequest = z.input<typeof UpdateBadgeRequestSchema>;

/** PUT /api/admin/badges/order: badge ids in the order members see them; badges left out follow. */
export const ReorderBadgesRequestSchema = z
  .object({
    ids: z
      .array(z.uuid({ message: 'ids must be badge ids' }), { message: 'ids must be a list of badge ids' })
      .min(1, 'ids must name at least one badge')
      .max(500, 'ids must name at most 500 badges')
      .refine((ids) => new Set(ids).size === ids.length, 'ids must not repeat a badge'),
  })
  .strict();

const reason = z
  .string({ message: 'reason is required' })
  .trim()
  .min(1, 'reason is required')
  .max(BADGE_REASON_MAX, `reason must be ${BADGE_REASON_MAX} characters or less`);

/** POST /api/admin/badges/{id}/awards: award a manual badge to a member. */
export const AwardBadgeRequestSchema = z
  .object({ user_id: z.uuid({ message: 'user_id must be a member id' }), reason })
  .strict();

/** DELETE /api/admin/badges/{id}/awards/{userId}: take a manual badge back. */
export const RevokeBadgeRequestSchema = z.object({ reason }).strict();

export const BadgeTiersSchema = z.object({ bronze: z.number(), silver: z.number(), gold: z.number() });

/** A badge as the admin sees it. */
export const AdminBadgeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  hidden: z.boolean(),
  criterion: z.enum(BADGE_CRITERIA),
  period: z.enum(LEADERBOARD_PERIODS).nullable(),
  activity_type: z.enum(ACTIVITY_TYPES).nullable(),
  threshold: z.number().nullable(),
  tiers: BadgeTiersSchema.nullable(),
  /** "10 shares", "500 points in a week" (the first tier's target for a tiered badge). */
  summary: z.string(),
  position: z.number(),
  archived: z.boolean(),
  /** Members holding it (any tier). */
  earned_count: z.number(),
  /** Percent of a recomputation after a criterion change; null when none runs. */
  recompute_percent: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminBadge = z.infer<typeof AdminBadgeSchema>;

export const AdminBadgeResponseSchema = z.object({ badge: AdminBadgeSchema });
export const AdminBadgesResponseSchema = z.object({ badges: z.array(AdminBadgeSchema) });

/** GET /api/admin/badges/{id}/recompute: how far the recomputation after a criterion change is. */
export const BadgeRecomputeResponseSchema = z.object({
  /** False once it finished (or when none ran). */
  running: z.boolean(),
  /** Members evaluated so far. */
  done: z.number().int(),
  /** Members to evaluate; 0 when none runs. */
  total: z.number().int(),
  /** 0–100; 100 when none runs. */
  percent: z.number().int(),
});
export type BadgeRecompute = z.infer<typeof BadgeRecomputeResponseSchema>;

/** A member's award of a badge, as POST …/awards answers it. */
export const BadgeAwardSchema = z.object({
  badge_id: z.string(),
  user_id: z.string(),
  tier: z.enum(BADGE_TIERS).nullable(),
  reason: z.string().nullable(),
  earned_at: z.string(),
});
export const BadgeAwardResponseSchema = z.object({ award: BadgeAwardSchema });

/** Progress to a badge's next target: "7 of 10 shares". */
export const BadgeProgressSchema = z.object({
  current: z.number(),
  target: z.number(),
  /** The tier the target earns; null for an untiered badge. */
  tier: z.enum(BADGE_TIERS).nullable(),
  /** "7 of 10 shares". */
  label: z.string(),
});

/** A badge in GET /api/stats. */
export const BadgeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  /** When the member earned it (their highest tier); null when not yet. */
  earned_at: z.string().nullable(),
  /** The highest tier earned; null for an untiered or unearned badge. */
  tier: z.enum(BADGE_TIERS).nullable(),
  /** Why it was earned: what was reached, or the admin's reason. */
  reason: z.string().nullable(),
  criterion: z.enum(BADGE_CRITERIA),
  /** The period of a points badge; null otherwise. */
  period: z.enum(LEADERBOARD_PERIODS).nullable(),
  /** The activity type an activities badge counts; null for any type or another criterion. */
  activity_type: z.enum(ACTIVITY_TYPES).nullable(),
  /** Toward the next target (the next tier of an earned badge); null when all is earned or for manual badges. */
  progress: BadgeProgressSchema.nullable(),
});
export type Badge = z.infer<typeof BadgeSchema>;

/** A member holding a badge, as GET /api/admin/badges/{id}/awards lists them (their highest tier). */
export const BadgeHolderSchema = z.object({
  user: z.object({ id: z.string(), display_name: z.string(), image_url: z.string().nullable() }),
  tier: z.enum(BADGE_TIERS).nullable(),
  reason: z.string().nullable(),
  earned_at: z.string(),
  /** Awarded by an admin (a manual badge) rather than by the criterion. */
  manual: z.boolean(),
});
export const BadgeHoldersResponseSchema = z.object({
  awards: z.array(BadgeHolderSchema),
  /** The last member's id: pass it as cursor for the next page; null at the end. */
  next_cursor: z.string().nullable(),
});

/** Up to two initials of a badge's name ("Super Sharer" → "SS", "Streak" → "ST"). */
export function badgeInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters =
    words.length === 1 ? Array.from(words[0]!).slice(0, 2) : words.slice(0, 2).map((w) => Array.from(w)[0]!);
  return letters.join('').toUpperCase();
}

const HEX = /^#[0-9a-f]{3,8}$/i;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * The picture of a badge without an uploaded image: a medal in the client's colours (primary disc, secondary
 * ring) with the badge's initials, as an SVG document. Pure and isomorphic: the web shows it as a data URL.
 */
export function badgeEmblemSvg(name: string, colors: { primary: string; secondary: string }): string {
  const primary = HEX.test(colors.primary) ? colors.primary : DEFAULT_PRIMARY_COLOR;
  const secondary = HEX.test(colors.secondary) ? colors.secondary : DEFAULT_SECONDARY_COLOR;
  const text = getContrastText(primary);
  const initials = escapeXml(badgeInitials(name));
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">' +
    `<circle cx="32" cy="32" r="31" fill="${secondary}"/>` +
    `<circle cx="32" cy="32" r="25" fill="${primary}"/>` +
    `<text x="32" y="39" text-anchor="middle" font-family="system-ui,sans-serif" font-size="20" font-weight="700" fill="${text}">${initials}</text>` +
    '</svg>'
  );
}

/** badgeEmblemSvg as a data URL for an <img src>. */
export const badgeEmblemUrl = (name: string, colors: { primary: string; secondary: string }) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(badgeEmblemSvg(name, colors))}`;
