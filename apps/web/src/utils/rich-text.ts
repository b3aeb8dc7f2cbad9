import { type Mention, splitHashtags } from '@rally/shared';

/** A run of member-written text (posts, comments, chat): plain, a hashtag (blue, SPEC 9), a link, or a mention. */
export type RichTextPart =
  | { kind: 'text'; text: string }
  | { kind: 'hashtag'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string; userId: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function splitPlain(text: string, out: RichTextPart[]) {
  for (const part of splitHashtags(text))
    out.push({ kind: part.hashtag ? 'hashtag' : 'text', text: part.text });
}

/**
 * Splits text into runs: http(s) links, `@{display name}` of its mentioned members (longest
 * names first, so "@Ann Lee" wins over "@Ann") and hashtags; everything else is plain text.
 */
export function splitRichText(text: string, mentions: readonly Mention[]): RichTextPart[] {
  const names = [...mentions].sort((a, b) => b.display_name.length - a.display_name.length);
  const mentionPattern = names.length ? names.map((m) => `@${escapeRegExp(m.display_name)}`).join('|') : null;
  const pattern = new RegExp(
    mentionPattern ? `(${URL_PATTERN.source})|(${mentionPattern})` : `(${URL_PATTERN.source})`,
    'giu',
  );
  const out: RichTextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) splitPlain(text.slice(last, index), out);
    if (match[1]) out.push({ kind: 'link', text: match[1], href: match[1] });
    else {
      const name = match[0].slice(1).toLowerCase();
      const person = names.find((m) => m.display_name.toLowerCase() === name);
      if (person) out.push({ kind: 'mention', text: match[0], userId: person.id });
      else splitPlain(match[0], out);
    }
    last = index + match[0].length;
  }
  if (last < text.length) splitPlain(text.slice(last), out);
  return out;
}

/** The `@query` being typed just before the cursor (at most two words), or null when none. */
export function findMentionQuery(text: string, cursor: number): { query: string; start: number } | null {
  const before = text.slice(0, cursor);
  const match = /(^|\s)@([^\s@]{0,30}(?: [^\s@]{0,30})?)$/u.exec(before);
  if (!match) return null;
  const start = (match.index ?? 0) + (match[1]?.length ?? 0);
  return { query: match[2] ?? '', start };
}

/** Replaces the `@query` at `start..cursor` with `@{name} ` and answers the new text and cursor. */
export function insertMention(text: string, start: number, cursor: number, name: string) {
  const inserted = `@${name} `;
  return { text: text.slice(0, start) + inserted + text.slice(cursor), cursor: start + inserted.length };
}

/** The chosen mentions still named in the text (a mention whose `@name` was deleted no longer counts). */
export function keptMentions(text: string, chosen: readonly Mention[]): Mention[] {
  const lower = text.toLowerCase();
  const seen = new Set<string>();
  return chosen.filter((m) => {
    if (seen.has(m.id) || !lower.includes(`@${m.display_name.toLowerCase()}`)) return false;
    seen.add(m.id);
    return true;
  });
}
