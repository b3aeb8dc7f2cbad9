/** Labels the server uses at the start of its messages, per form field ("First name must be …"). */
export const PROFILE_FIELD_LABELS = {
  first_name: 'First name',
  last_name: 'Last name',
  username: 'Username',
  city: 'City',
  state: 'State',
  country: 'Country',
  bio: 'Bio',
} as const;

export type ProfileField = keyof typeof PROFILE_FIELD_LABELS;

/** The field a server 400 message is about (it names the field first), or null for a form-level error. */
export function findFieldOfMessage(message: string): ProfileField | null {
  const lower = message.toLowerCase();
  for (const [field, label] of Object.entries(PROFILE_FIELD_LABELS) as [ProfileField, string][]) {
    if (lower.startsWith(label.toLowerCase()) || lower.startsWith(field)) return field;
  }
  return null;
}
