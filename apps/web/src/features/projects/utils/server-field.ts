/** A rule: a server message starting with `prefix` (case-insensitive) is about `field`. */
export type FieldRule<F extends string> = readonly [prefix: string, field: F];

/**
 * The form field a server 400 message is about, or null for a form-level message. Messages name their
 * field first, by label ("End must be after the start") or by path ("config.prompt: …").
 */
export function findFieldOfMessage<F extends string>(
  message: string,
  rules: readonly FieldRule<F>[],
): F | null {
  const lower = message
    .trim()
    .toLowerCase()
    .replace(/^config\./, '');
  for (const [prefix, field] of rules) {
    if (lower.startsWith(prefix.toLowerCase())) return field;
  }
  return null;
}

export type ProjectField =
  | 'name'
  | 'description'
  | 'image_url'
  | 'audience_team_ids'
  | 'starts_at'
  | 'ends_at';

export const PROJECT_FIELD_RULES: readonly FieldRule<ProjectField>[] = [
  ['name', 'name'],
  ['description', 'description'],
  ['cover', 'image_url'],
  ['image_url', 'image_url'],
  ['choose at least one', 'audience_team_ids'],
  ['audience_team_ids', 'audience_team_ids'],
  ['start', 'starts_at'],
  ['end', 'ends_at'],
];

export type ActivityField =
  | 'title'
  | 'description'
  | 'points'
  | 'starts_at'
  | 'due_at'
  | 'template_id'
  | 'creative_ids'
  | 'channels'
  | 'destination_url'
  | 'prompt'
  | 'choices'
  | 'body'
  | 'video_url'
  | 'pdf_url'
  | 'quiz';

export const ACTIVITY_FIELD_RULES: readonly FieldRule<ActivityField>[] = [
  ['title', 'title'],
  ['description', 'description'],
  ['points', 'points'],
  ['start', 'starts_at'],
  ['due date', 'due_at'],
  ['template_id', 'template_id'],
  ['a personal page post needs', 'template_id'],
  ['creative_ids', 'creative_ids'],
  ['at most 10 creatives', 'creative_ids'],
  ['channels', 'channels'],
  ['destination url', 'destination_url'],
  ['destination_url', 'destination_url'],
  ['prompt', 'prompt'],
  ['a choice needs', 'choices'],
  ['choices', 'choices'],
  ['a training needs', 'body'],
  ['training text', 'body'],
  ['body', 'body'],
  ['video', 'video_url'],
  ['pdf', 'pdf_url'],
  ['question', 'quiz'],
  ['quiz', 'quiz'],
  ['a quiz', 'quiz'],
];
