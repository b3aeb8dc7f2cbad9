import type { AdminClientInput, AdminClientSettings, UpdateAdminClientRequest } from '@rally/shared';

/** The form edits every setting; its values have the shape the PATCH schema checks. */
export type SettingsFormValues = AdminClientInput;

/** Form values for the stored settings. */
export function toFormValues(settings: AdminClientSettings): SettingsFormValues {
  return {
    ...settings,
    project: { ...settings.project },
    team: { ...settings.team },
    role_labels: { ...settings.role_labels },
    features: [...settings.features],
    channels: [...settings.channels],
    pause_override: [...settings.pause_override],
  };
}

/** Marks of react-hook-form's dirtyFields: true, or nested marks for objects and arrays. */
type DirtyMarks = Partial<Record<keyof SettingsFormValues, unknown>>;

const isMarked = (mark: unknown): boolean =>
  mark === true ||
  (Array.isArray(mark) && mark.some(isMarked)) ||
  (typeof mark === 'object' && mark !== null && Object.values(mark).some(isMarked));

/** The PATCH body: only the changed settings; a changed part of an object sends the whole object. */
export function toChangeRequest(values: SettingsFormValues, dirty: DirtyMarks): UpdateAdminClientRequest {
  const keys = (Object.keys(values) as (keyof SettingsFormValues)[]).filter((key) => isMarked(dirty[key]));
  return Object.fromEntries(keys.map((key) => [key, values[key]])) as UpdateAdminClientRequest;
}

const FIELD_PATH = /^([a-z_A-Z]+(?:\.[a-z_A-Z]+)?)(?:\.\d+)?: (.+)$/;

/**
 * The field a server 400 message names ("project.singular: must not be empty") and the message for it, or
 * null for a form-level message.
 */
export function findServerField(message: string): { field: string; message: string } | null {
  const match = FIELD_PATH.exec(message);
  if (!match?.[1] || !match[2]) return null;
  const [top] = match[1].split('.');
  const known: readonly string[] = FORM_FIELDS;
  return known.includes(top ?? '') ? { field: match[1], message: match[2] } : null;
}

const FORM_FIELDS = [
  'name',
  'image_url',
  'home_image_url',
  'favicon_url',
  'primary_color',
  'secondary_color',
  'project',
  'team',
  'role_labels',
  'terms_url',
  'features',
  'channels',
  'white_label',
  'community_variant',
  'paused',
  'pause_override',
] as const satisfies readonly (keyof SettingsFormValues)[];
