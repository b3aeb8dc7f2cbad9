import { type Mention, splitHashtags } from '@rally/shared';

/**
 * A run of message text, as the feed shows text (features/posts/utils/post-text.ts; features do not import each
 * other): plain, a hashtag (blue, SPEC 9), a link, or a mention of a member.
 */
export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'hashtag'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string; userId: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function splitPlain(text: string, out: TextPart[]) {
  for (const part of splitHashtags(text))
    out.push({ kind: part.hashtag ? 'hashtag' : 'text', text: part.text });
}

/** Splits a message into runs: links, `@{display name}` of its mentions (longest first) and hashtags. */
export function splitMessageText(text: string, mentions: readonly Mention[]): TextPart[] {
  const names = [...mentions].sort((a, b) => b.display_name.length - a.display_name.length);
  const mentionPattern = names.length ? names.map((m) => `@${escapeRegExp(m.display_name)}`).join('|') : null;
  const pattern = new RegExp(
    mentionPattern ? `(${URL_PATTERN.source})|(${mentionPattern})` : `(${URL_PATTERN.source})`,
    'giu',
  );
  const out: TextPart[] = [];
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

/** The `@query` typed just before the cursor (at most two words), or null when none. */
export function findMentionQuery(text: string, cursor: number): { query: string; start: number } | null {
  const match = /(^|\s)@([^\s@]{0,30}(?: [^\s@]{0,30})?)$/u.exec(text.slice(0, cursor));
  if (!match) return null;
  return { query: match[2] ?? '', start: (match.index ?? 0) + (match[1]?.length ?? 0) };
}

/** Replaces the `@query` at `start..cursor` with `@{name} `; answers the new text and cursor. */
export function insertMention(text: string, start: number, cursor: number, name: string) {
  const inserted = `@${name} `;
  return { text: text.slice(0, start) + inserted + text.slice(cursor), cursor: start + inserted.length };
}

/** The chosen mentions still named in the text. */
export function keptMentions(text: string, chosen: readonly Mention[]): Mention[] {
  const lower = text.toLowerCase();
  const seen = new Set<string>();
  return chosen.filter((m) => {
    if (seen.has(m.id) || !lower.includes(`@${m.display_name.toLowerCase()}`)) return false;
    seen.add(m.id);
    return true;
  });
}
