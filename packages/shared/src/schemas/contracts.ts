import { z } from 'zod';

/** Longest contract text (Markdown) an admin may publish. */
export const CONTRACT_BODY_MAX = 50_000;
export const CONTRACT_TITLE_MAX = 120;

/** A contract version as the admin General page lists it. */
export const AdminContractSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type AdminContract = z.infer<typeof AdminContractSchema>;

/** GET /api/admin/contracts: the current version with its acceptance counts, and the earlier versions. */
export const AdminContractsResponseSchema = z.object({
  current: AdminContractSchema.nullable(),
  /** Active, non-applicant members who accepted the current version, and how many such members there are. */
  accepted_count: z.number().int(),
  member_count: z.number().int(),
  versions: z.array(AdminContractSchema.omit({ body: true })),
});
export type AdminContractsResponse = z.infer<typeof AdminContractsResponseSchema>;

/** POST /api/admin/contracts: publish a new version; it becomes the client's current contract at once. */
export const PublishContractRequestSchema = z
  .object({
    title: z
      .string({ message: 'title is required' })
      .trim()
      .min(1, 'title is required')
      .max(CONTRACT_TITLE_MAX, `title must be ${CONTRACT_TITLE_MAX} characters or less`),
    body: z
      .string({ message: 'body is required' })
      .trim()
      .min(1, 'body is required')
      .max(CONTRACT_BODY_MAX, `body must be ${CONTRACT_BODY_MAX} characters or less`),
  })
  .strict();
export type PublishContractRequest = z.infer<typeof PublishContractRequestSchema>;
export const PublishContractResponseSchema = z.object({ contract: AdminContractSchema });
