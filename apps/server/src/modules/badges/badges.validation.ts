import { BADGE_FIRST_OF, type BadgeCriterion, badgeRuleProblem } from '@rally/shared';
import { badRequest } from '../../lib/errors.ts';
import type { BadgeRecord, NewBadge } from './badges.repository.ts';
import { ruleOf } from './badges.rules.ts';

interface RuleInput {
  criterion?: BadgeCriterion;
  period?: 'week' | 'month' | 'all' | null;
  activity_type?: NewBadge['activityType'] | null;
  threshold?: number | null;
  tiers?: { bronze: number; silver: number; gold: number } | null;
}

const counted = (c: BadgeCriterion) => c !== 'manual' && !BADGE_FIRST_OF.includes(c);

/**
 * The stored rule of a new badge or of a badge after a partial change: options the new criterion has no use for
 * are dropped, and the whole rule is checked (400 naming the field).
 */
export function ruleFrom(body: RuleInput, was?: BadgeRecord) {
  if (body.threshold != null && body.tiers != null) throw badRequest('Give threshold or tiers, not both');
  const criterion = body.criterion ?? (was ? ruleOf(was).criterion : 'manual');
  const changed = !was || criterion !== was.criterion;
  const period = body.period !== undefined ? body.period : changed ? null : (was?.period ?? null);
  const activityType =
    body.activity_type !== undefined ? body.activity_type : changed ? null : (was?.activityType ?? null);
  let thresholds: number[];
  if (body.tiers) thresholds = [body.tiers.bronze, body.tiers.silver, body.tiers.gold];
  else if (body.threshold != null) thresholds = [body.threshold];
  else if (!counted(criterion)) thresholds = [1];
  else if (was && counted(ruleOf(was).criterion) && body.tiers !== null && body.threshold !== null)
    thresholds = was.thresholds;
  else thresholds = [];
  const problem = badgeRuleProblem({
    criterion,
    period: (period ?? null) as 'week' | null,
    activity_type: (activityType ?? null) as never,
    thresholds,
  });
  if (problem) throw badRequest(problem);
  return { criterion, period: period ?? null, activityType: activityType ?? null, thresholds };
}
