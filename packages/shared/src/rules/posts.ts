import { DEFAULT_POST_CHARACTER_LIMIT, POST_CHARACTER_LIMITS } from '../constants/domain.ts';

/** A template placeholder: a name in double square brackets, e.g. `[[first_name]]` (SPEC 3). Global. */
export const PLACEHOLDER_PATTERN = /\[\[([^[\]]+)\]\]/g;

/** A run of post text, marked when it is a hashtag to highlight (SPEC 9). */
export type TextPart = {
  /** The text of this run. */
  text: string;
  /** True when the run is a hashtag such as `#summer_2024`. */
  hashtag: boolean;
};

// A hashtag starts a word: '#' not glued to a preceding word character (so 'a#b' and URL fragments are plain).
const HASHTAG_PATTERN = /(?<![\p{L}\p{M}\p{N}_])#[\p{L}\p{M}\p{N}_]+/gu;
let graphemeSegmenter: Intl.Segmenter | null | undefined;

function getGraphemeSegmenter(): Intl.Segmenter | null {
  if (graphemeSegmenter !== undefined) return graphemeSegmenter;
  const hasSegmenter = typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function';
  graphemeSegmenter = hasSegmenter ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
  return graphemeSegmenter;
}

// A fresh copy, so a caller's use of the shared global regex (lastIndex) cannot affect these rules.
function placeholderPattern(): RegExp {
  return new RegExp(PLACEHOLDER_PATTERN.source, 'g');
}

/** Unique placeholder names of a template body, in order of first appearance. */
export function findPlaceholders(body: string): string[] {
  const names = new Set<string>();
  for (const match of body.matchAll(placeholderPattern())) {
    if (match[1] !== undefined) names.add(match[1]);
  }
  return [...names];
}

/** Replaces each `[[name]]` with `values[name]` when that value is a non-empty string; others are left as they are. */
export function fillTemplate(body: string, values: Record<string, string>): string {
  return body.replace(placeholderPattern(), (placeholder, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return value ? value : placeholder;
  });
}

/** True when a post can be used as is: zero or one creative, a template, and no placeholders in it (SPEC 5). */
export function canUsePostDirectly(post: {
  creatives?: readonly unknown[] | null;
  template?: { body: string } | null;
}): boolean {
  if ((post.creatives?.length ?? 0) > 1) return false;
  if (!post.template) return false;
  return findPlaceholders(post.template.body).length === 0;
}

/** Character limit of a channel's post: instagram 2200, twitter 280, linkedin 3000, others 63206 (SPEC 9). */
export function getPostCharacterLimit(channel: string): number {
  if (!Object.hasOwn(POST_CHARACTER_LIMITS, channel)) return DEFAULT_POST_CHARACTER_LIMIT;
  return POST_CHARACTER_LIMITS[channel] ?? DEFAULT_POST_CHARACTER_LIMIT;
}

/** Number of user-perceived characters: grapheme clusters when Intl.Segmenter exists, else code points. */
export function countPostCharacters(text: string): number {
  const segmenter = getGraphemeSegmenter();
  if (!segmenter) return [...text].length;
  let count = 0;
  for (const _segment of segmenter.segment(text)) count++;
  return count;
}

/** Splits text into plain and hashtag runs, in order, so hashtags can be highlighted; empty text gives []. */
export function splitHashtags(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(HASHTAG_PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start), hashtag: false });
    parts.push({ text: match[0], hashtag: true });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), hashtag: false });
  return parts;
}
