import { z } from 'zod';

/** POST /api/guests: "Browse as a guest" (feature open). Nothing to send; any field is refused. */
export const CreateGuestRequestSchema = z.object({}).strict().optional();
export type CreateGuestRequest = z.infer<typeof CreateGuestRequestSchema>;
