import { z } from 'zod';

export const BadgeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  earned_at: z.string().nullable(),
});
