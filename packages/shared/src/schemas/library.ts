import { z } from 'zod';
import { fileUrl, patchOf, titleInput } from './common.ts';

/** A placeholder of a template: id, name shown to the member, default value (SPEC 3). */
export const PlaceholderSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, 'Placeholder id is required')
    .max(40)
    .regex(/^[\w-]+$/, 'Placeholder id must contain only letters, numbers, hyphens, and underscores'),
  name: z.string().trim().min(1, 'Placeholder name is required').max(80),
  value: z.string().max(500).default(''),
});
export type Placeholder = z.infer<typeof PlaceholderSchema>;

export const CreativeSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  kind: z.enum(['image', 'video']),
  tags: z.array(z.string()),
});
export type Creative = z.infer<typeof CreativeSchema>;

export const TemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  body: z.string(),
  placeholders: z.array(PlaceholderSchema),
  tags: z.array(z.string()),
});
export type Template = z.infer<typeof TemplateSchema>;

// ---- Admin ----

export const UpsertTemplateRequestSchema = z.object({
  name: titleInput('Name'),
  body: z.string().min(1, 'Text is required').max(63206),
  placeholders: z.array(PlaceholderSchema).max(20).default([]),
  tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
});
export const UpsertCreativeRequestSchema = z.object({
  name: titleInput('Name'),
  url: fileUrl('File'),
  tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
});
/** PATCH /api/admin/library/templates/{id}: any of the fields. */
export const UpdateTemplateRequestSchema = patchOf(UpsertTemplateRequestSchema);
export type UpdateTemplateRequest = z.infer<typeof UpdateTemplateRequestSchema>;
/** PATCH /api/admin/library/creatives/{id}: any of the fields. */
export const UpdateCreativeRequestSchema = patchOf(UpsertCreativeRequestSchema);
export type UpdateCreativeRequest = z.infer<typeof UpdateCreativeRequestSchema>;

export const LibraryQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  tag: z.string().trim().max(40).optional(),
});
export const TemplatesResponseSchema = z.object({ templates: z.array(TemplateSchema) });
export const TemplateResponseSchema = z.object({ template: TemplateSchema });
export const CreativesResponseSchema = z.object({ creatives: z.array(CreativeSchema) });
export const CreativeResponseSchema = z.object({ creative: CreativeSchema });
