import { PlaceholderSchema, type Template, UpsertTemplateRequestSchema } from '@rally/shared';
import { z } from 'zod';
import type { UpsertTemplateRequest } from '../api/create-template';
import { findPlaceholderProblems, formatTags, parseTags, placeholderMarker } from './template-text';

/** Translates a message key. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
export const MAX_PLACEHOLDERS = 20;

/** Tags typed as one comma-separated text: at most 20, each at most 40 characters. */
export function tagsField(t: Translate) {
  return z.string().superRefine((value, ctx) => {
    const tags = parseTags(value);
    if (tags.length > MAX_TAGS)
      ctx.addIssue({ code: 'custom', message: t('library.tooManyTags', { max: MAX_TAGS }) });
    if (tags.some((tag) => tag.length > MAX_TAG_LENGTH))
      ctx.addIssue({ code: 'custom', message: t('library.tagTooLong', { max: MAX_TAG_LENGTH }) });
  });
}

/** The template editor: the shared rules plus the placeholder checks the server makes, in the app's words. */
export function createTemplateFormSchema(t: Translate) {
  const placeholder = PlaceholderSchema.shape;
  return z
    .object({
      name: UpsertTemplateRequestSchema.shape.name,
      body: z.string().min(1, t('library.templates.bodyRequired')).max(63_206),
      placeholders: z
        .array(z.object({ id: placeholder.id, name: placeholder.name, value: z.string().max(500) }))
        .max(MAX_PLACEHOLDERS, t('library.templates.tooManyPlaceholders', { max: MAX_PLACEHOLDERS })),
      tags: tagsField(t),
    })
    .superRefine((values, ctx) => {
      const ids = values.placeholders.map((p) => p.id.trim());
      const problems = findPlaceholderProblems(values.body, ids);
      const [missing] = problems.undefinedIds;
      if (missing !== undefined) {
        const message = t('library.templates.undefinedPlaceholder', { marker: placeholderMarker(missing) });
        ctx.addIssue({ code: 'custom', path: ['body'], message });
      }
      ids.forEach((id, index) => {
        const key =
          ids.indexOf(id) !== index
            ? 'duplicatePlaceholder'
            : problems.unusedIds.includes(id)
              ? 'unusedPlaceholder'
              : null;
        if (key)
          ctx.addIssue({
            code: 'custom',
            path: ['placeholders', index, 'id'],
            message: t(`library.templates.${key}`),
          });
      });
    });
}

export type TemplateFormValues = z.infer<ReturnType<typeof createTemplateFormSchema>>;

export function toTemplateFormValues(template: Template | null): TemplateFormValues {
  return {
    name: template?.name ?? '',
    body: template?.body ?? '',
    placeholders: template?.placeholders.map((p) => ({ ...p })) ?? [],
    tags: formatTags(template?.tags ?? []),
  };
}

export function toTemplateRequest(values: TemplateFormValues): UpsertTemplateRequest {
  return {
    name: values.name.trim(),
    body: values.body,
    placeholders: values.placeholders.map((p) => ({ id: p.id.trim(), name: p.name.trim(), value: p.value })),
    tags: parseTags(values.tags),
  };
}

/** The field a server message about a template is about, or null for the form as a whole. */
export function findTemplateField(message: string): 'name' | 'body' | 'placeholders' | 'tags' | null {
  const lower = message.toLowerCase();
  if (lower.startsWith('name')) return 'name';
  if (lower.startsWith('text') || lower.startsWith('body') || lower.startsWith('placeholder [['))
    return 'body';
  if (lower.startsWith('placeholder')) return 'placeholders';
  if (lower.startsWith('tags')) return 'tags';
  return null;
}
