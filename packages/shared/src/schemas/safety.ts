import { z } from 'zod';
import {
  normalizeSafetyText,
  SAFETY_CHECK_TEXT_MAX,
  SAFETY_PHRASE_MAX,
  SAFETY_RULE_KINDS,
} from '../rules/safety.ts';
import { ListQuerySchema } from './common.ts';

/** Zod schemas of the brand-safety API (/api/admin/safety/…, ADMIN only). */

/** What a client does with flagged text: publish it and queue it for review, or hold it until approved. */
export const SAFETY_FLAG_ACTIONS = ['publish', 'hold'] as const;
export type SafetyFlagAction = (typeof SAFETY_FLAG_ACTIONS)[number];

/** Where a queued text was written. */
export const MODERATION_TARGET_KINDS = [
  'post',
  'comment',
  'caption',
  'response',
  'share',
  'profile',
  'chat',
] as const;
export type ModerationTargetKind = (typeof MODERATION_TARGET_KINDS)[number];

export const MODERATION_STATUSES = ['pending', 'approved', 'removed'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

const kindSchema = z.enum(SAFETY_RULE_KINDS, { message: 'kind must be block, flag or allow' });

export const SafetyRuleSchema = z.object({
  id: z.string(),
  /** As the admin wrote it; named in messages. */
  phrase: z.string(),
  /** The folded form the checks compare (lower-case, accent-free, single-spaced words). */
  normalized: z.string(),
  kind: kindSchema,
  created_at: z.string(),
});
export type SafetyRule = z.infer<typeof SafetyRuleSchema>;

export const SafetyRulesQuerySchema = ListQuerySchema.extend({
  kind: kindSchema.optional(),
  /** Part of a phrase, matched on the folded form. */
  search: z
    .string()
    .trim()
    .max(SAFETY_PHRASE_MAX, `search must be ${SAFETY_PHRASE_MAX} characters or less`)
    .optional(),
});
export type SafetyRulesQuery = z.infer<typeof SafetyRulesQuerySchema>;

export const SafetyRulesResponseSchema = z.object({
  rules: z.array(SafetyRuleSchema),
  next_cursor: z.string().nullable(),
});
export const SafetyRuleResponseSchema = z.object({ rule: SafetyRuleSchema });

const phraseSchema = z
  .string({ message: 'Phrase is required' })
  .trim()
  .min(1, 'Phrase is required')
  .max(SAFETY_PHRASE_MAX, `Phrase must be ${SAFETY_PHRASE_MAX} characters or less`)
  .refine((p) => normalizeSafetyText(p) !== '', 'Phrase must contain letters or numbers');

export const CreateSafetyRuleRequestSchema = z.object({ phrase: phraseSchema, kind: kindSchema });
export type CreateSafetyRuleRequest = z.infer<typeof CreateSafetyRuleRequestSchema>;

export const UpdateSafetyRuleRequestSchema = z
  .object({ phrase: phraseSchema.optional(), kind: kindSchema.optional() })
  .refine((b) => b.phrase !== undefined || b.kind !== undefined, 'Give a phrase or a kind to change');
export type UpdateSafetyRuleRequest = z.infer<typeof UpdateSafetyRuleRequestSchema>;

export const SafetySettingsSchema = z.object({
  flag_action: z.enum(SAFETY_FLAG_ACTIONS, { message: 'flag_action must be publish or hold' }),
});
export type SafetySettings = z.infer<typeof SafetySettingsSchema>;
export const SafetySettingsResponseSchema = z.object({ settings: SafetySettingsSchema });

export const SafetyCheckRequestSchema = z.object({
  text: z
    .string({ message: 'Text is required' })
    .max(SAFETY_CHECK_TEXT_MAX, `Text must be ${SAFETY_CHECK_TEXT_MAX} characters or less`),
});
export type SafetyCheckRequest = z.infer<typeof SafetyCheckRequestSchema>;

/** What would happen to a member's text, with the rules that decided it. */
export const SafetyCheckResponseSchema = z.object({
  /** blocked: refused; non_word: refused by SPEC 5's check; flagged: published for review or held; clean. */
  outcome: z.enum(['blocked', 'non_word', 'flagged', 'clean']),
  /** True when a flagged text would be hidden until approved (the client's setting). */
  is_held: z.boolean(),
  blocked: z.array(z.string()),
  flagged: z.array(z.string()),
  allowed: z.array(z.string()),
  /** Every occurrence (UTF-16 offsets into the text), for highlighting. */
  matches: z.array(
    z.object({ phrase: z.string(), kind: kindSchema, start: z.number().int(), end: z.number().int() }),
  ),
});
export type SafetyCheckResponse = z.infer<typeof SafetyCheckResponseSchema>;

export const ModerationQueueQuerySchema = ListQuerySchema.extend({
  status: z
    .enum(MODERATION_STATUSES, { message: 'status must be pending, approved or removed' })
    .default('pending'),
});
export type ModerationQueueQuery = z.infer<typeof ModerationQueueQuerySchema>;

const personSchema = z.object({ id: z.string(), display_name: z.string(), image_url: z.string().nullable() });

export const ModerationItemSchema = z.object({
  id: z.string(),
  target_kind: z.string(),
  target_id: z.string(),
  /** null when the author's account is gone. */
  author: personSchema.nullable(),
  text: z.string(),
  /** The rules (phrases) that matched. */
  matches: z.array(z.string()),
  is_held: z.boolean(),
  status: z.enum(MODERATION_STATUSES),
  created_at: z.string(),
  decided_by: personSchema.nullable(),
  decided_at: z.string().nullable(),
});
export type ModerationItem = z.infer<typeof ModerationItemSchema>;

export const ModerationQueueResponseSchema = z.object({
  items: z.array(ModerationItemSchema),
  next_cursor: z.string().nullable(),
});
export const ModerationItemResponseSchema = z.object({ item: ModerationItemSchema });
