import { z } from 'zod';

export const UploadResponseSchema = z.object({ url: z.string(), message: z.string() });
