import { z } from 'zod';
import { BadgeSchema } from './badges.ts';

/**
 * GET /api/stats: badges the member earned (highest tier first by date), and the ones they can still earn with
 * progress, next-up first (hidden-until-earned and archived badges left out).
 */
export const StatsResponseSchema = z.object({
  earnedBadges: z.array(BadgeSchema),
  unearnedBadges: z.array(BadgeSchema),
});
export type Stats = z.infer<typeof StatsResponseSchema>;
