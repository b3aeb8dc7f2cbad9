import { STRING_VALUE_MAX, type UpdateClientStringsRequest } from '@rally/shared';

/** Changes not saved yet, by stored key ('nav.home', 'es:nav.home'): a text, or null (or '') to clear. */
export type Drafts = Record<string, string | null>;

/** The drafts with one key changed; undefined takes the key's change back. */
export function withDraft(drafts: Drafts, stored: string, value: string | null | undefined): Drafts {
  const next = { ...drafts };
  if (value === undefined) delete next[stored];
  else next[stored] = value;
  return next;
}

/** PATCH /api/admin/client/strings's body for the drafts ('' clears, like null); null when one is too long. */
export function draftsToRequest(drafts: Drafts): UpdateClientStringsRequest | null {
  const strings: Record<string, string | null> = {};
  for (const [stored, value] of Object.entries(drafts)) {
    const text = value?.trim() ?? '';
    if (text.length > STRING_VALUE_MAX) return null;
    strings[stored] = text === '' ? null : text;
  }
  return { strings };
}
