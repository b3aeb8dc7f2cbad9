import { z } from 'zod';
import { BadgeSchema } from './badges.ts';

export const StatsResponseSchema = z.object({
  earnedBadges: z.array(BadgeSchema),
  unearnedBadges: z.array(BadgeSchema),
});
export type Stats = z.infer<typeof StatsResponseSchema>;
