import { findPlaceholders } from '@rally/shared';

/** Text with `insertion` put in place of the selection [start, end); `cursor` is just after it. */
export function insertAtCursor(
  text: string,
  start: number | null | undefined,
  end: number | null | undefined,
  insertion: string,
): { text: string; cursor: number } {
  const from = Math.min(Math.max(start ?? text.length, 0), text.length);
  const to = Math.min(Math.max(end ?? from, from), text.length);
  return { text: text.slice(0, from) + insertion + text.slice(to), cursor: from + insertion.length };
}

/** The `[[id]]` marker of a placeholder in a template body. */
export const placeholderMarker = (id: string) => `[[${id}]]`;

/** The text with every [[from]] turned into [[to]] (after a placeholder's id is changed). */
export function renamePlaceholder(body: string, from: string, to: string): string {
  if (!from || !to || from === to) return body;
  return body.split(placeholderMarker(from)).join(placeholderMarker(to));
}

/** A placeholder id not taken yet: placeholder_1, placeholder_2, … */
export function nextPlaceholderId(taken: readonly string[]): string {
  for (let n = 1; ; n++) {
    const id = `placeholder_${n}`;
    if (!taken.includes(id)) return id;
  }
}

/** What the server rejects about a template's placeholders (SPEC 3: each is defined once and used). */
export interface PlaceholderProblems {
  /** Used in the text as [[id]] but not defined. */
  undefinedIds: string[];
  /** Defined but not used in the text. */
  unusedIds: string[];
  /** Defined more than once. */
  duplicateIds: string[];
}

export function findPlaceholderProblems(body: string, ids: readonly string[]): PlaceholderProblems {
  const used = findPlaceholders(body);
  const trimmed = ids.map((id) => id.trim()).filter(Boolean);
  return {
    undefinedIds: used.filter((id) => !trimmed.includes(id)),
    unusedIds: [...new Set(trimmed.filter((id) => !used.includes(id)))],
    duplicateIds: [...new Set(trimmed.filter((id, index) => trimmed.indexOf(id) !== index))],
  };
}

/** "summer, launch ,, Summer" → ["summer", "launch"]: trimmed, no empties, no case-insensitive repeats. */
export function parseTags(input: string): string[] {
  const tags: string[] = [];
  for (const raw of input.split(',')) {
    const tag = raw.trim();
    if (tag && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }
  return tags;
}

export const formatTags = (tags: readonly string[]) => tags.join(', ');

/** A readable default name for an uploaded file: "spring-banner_v2.png" → "spring banner v2". */
export function nameFromFileName(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, '');
  return base.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120);
}

/** Every tag of the items, sorted, without case-insensitive repeats (the tag filter's options). */
export function collectTags(items: readonly { tags: readonly string[] }[]): string[] {
  return parseTags(items.flatMap((item) => item.tags).join(',')).sort((a, b) => a.localeCompare(b));
}
