import { z } from 'zod';

/** GET /api/chat/seen (SPEC 3). */
export const ChatSeenResponseSchema = z.object({
  unread: z.number().int(),
  first: z.object({ id: z.string(), parent_id: z.string().nullable() }).nullable(),
  threads: z.array(z.string()),
});
export type ChatSeen = z.infer<typeof ChatSeenResponseSchema>;
