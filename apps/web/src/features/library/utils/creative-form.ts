import { type Creative, UpsertCreativeRequestSchema } from '@rally/shared';
import { z } from 'zod';
import type { UpsertCreativeRequest } from '../api/create-creative';
import { type Translate, tagsField } from './template-form';
import { formatTags, parseTags } from './template-text';

/** A creative: its uploaded file, a name and tags. */
export function createCreativeFormSchema(t: Translate) {
  return z.object({
    name: UpsertCreativeRequestSchema.shape.name,
    url: z.string().min(1, t('library.creatives.fileRequired')),
    tags: tagsField(t),
  });
}

export type CreativeFormValues = z.infer<ReturnType<typeof createCreativeFormSchema>>;

export const toCreativeFormValues = (creative: Creative | null): CreativeFormValues => ({
  name: creative?.name ?? '',
  url: creative?.url ?? '',
  tags: formatTags(creative?.tags ?? []),
});

export const toCreativeRequest = (values: CreativeFormValues): UpsertCreativeRequest => ({
  name: values.name.trim(),
  url: values.url,
  tags: parseTags(values.tags),
});
