import { z } from 'zod';

/** GET /api/chat/seen (SPEC 3). */
export const ChatSeenResponseSchema = z.object({
  unread: z.number().int(),
  first: z.object({ id: z.string(), parent_id: z.string().nullable() }).nullable(),
  threads: z.array(z.string()),
});
export type ChatSeen = z.infer<typeof ChatSeenResponseSchema>;

export const TeamSchema = z.object({ id: z.string(), name: z.string(), image_url: z.string().nullable() });
export const TeamsDiscoverResponseSchema = z.object({ teams: z.array(TeamSchema) });

export const BadgeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  earned_at: z.string().nullable(),
});
export const StatsResponseSchema = z.object({
  earnedBadges: z.array(BadgeSchema),
  unearnedBadges: z.array(BadgeSchema),
});
export type Stats = z.infer<typeof StatsResponseSchema>;

export const UploadResponseSchema = z.object({ url: z.string(), message: z.string() });

/** POST /api/time: the client reports active time; the server records at most the time since the last ping. */
export const TimeResponseSchema = z.object({ seconds_today: z.number().int() });
