import { z } from 'zod';

/** POST/DELETE /api/users/{id}/follow. */
export const FollowResponseSchema = z.object({
  is_following: z.boolean(),
  follower_count: z.number().int(),
});
