import { isNonWordText } from './validation.ts';

/**
 * The brand-safety rule engine, shared by the server (which enforces it) and the admin screen (which previews
 * it and highlights matched words). Texts and phrases are compared as sequences of folded words:
 * - a word is a run of letters, digits and combining marks in any script; everything else (spaces,
 *   punctuation, hyphens, apostrophes, emoji) separates words, and invisible format characters (soft hyphen,
 *   zero-width space) are dropped, so "sc\u00ADam" is still "scam";
 * - words are folded: lower-cased, compatibility-decomposed (NFKD; full-width letters become ASCII),
 *   accents stripped, ß → ss and a few letters without a decomposition mapped (ø, æ, œ, ł, đ, þ, ı);
 * - a rule matches whole words only, in order and adjacent: "ass" never matches "class" or "passion", and
 *   "bad word" matches "Bad   Word!" and "bad-word".
 * Allowed phrases are taken out of the text first (their words match nothing else, and no phrase spans across
 * them), then blocked and flagged phrases are looked for in what remains.
 */

/** What a rule does: refuse the text, publish it for review (or hold it), or exempt a phrase. */
export const SAFETY_RULE_KINDS = ['block', 'flag', 'allow'] as const;
export type SafetyRuleKind = (typeof SAFETY_RULE_KINDS)[number];

/** Longest phrase an admin may add, in characters. */
export const SAFETY_PHRASE_MAX = 100;
/** Longest text the admin "test a text" box checks, in characters. */
export const SAFETY_CHECK_TEXT_MAX = 10_000;

export interface SafetyRuleInput {
  phrase: string;
  kind: SafetyRuleKind;
}

/** A word of a text with where it came from (UTF-16 offsets into the original text). */
export interface SafetyToken {
  word: string;
  start: number;
  end: number;
}

/** An occurrence of a rule in a text. */
export interface SafetyMatch {
  phrase: string;
  kind: SafetyRuleKind;
  start: number;
  end: number;
}

export interface SafetyScreen {
  /** Blocked phrases found, in order of first occurrence, each once. */
  blocked: string[];
  /** Flagged phrases found, in order of first occurrence, each once. */
  flagged: string[];
  /** Allowed phrases found (they exempted their words). */
  allowed: string[];
  /** SPEC 5's separate check: only non-word characters and no emoji. */
  isNonWord: boolean;
  /** Every occurrence, in text order, for highlighting. */
  matches: SafetyMatch[];
}

/** What happens to a text: refused, published or held for review, or accepted as is. */
export type SafetyOutcome = 'blocked' | 'non_word' | 'flagged' | 'clean';

const RUN = /[\p{L}\p{N}\p{M}\p{Cf}]+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/u;
const MARKS = /[\p{M}\p{Cf}]/gu;
const UNMAPPED: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const UNMAPPED_PATTERN = new RegExp(`[${Object.keys(UNMAPPED).join('')}]`, 'gu');

/** Folds one run of word characters; it may split into several words (e.g. "½" becomes "1", "2"). */
function foldRun(run: string): string[] {
  const folded = run
    .toLowerCase()
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(UNMAPPED_PATTERN, (c) => UNMAPPED[c] ?? c)
    .toLowerCase();
  return folded.split(NOT_WORD).filter((w) => w !== '');
}

/** The folded words of a text, each with its span in the original text. */
export function tokenizeSafetyText(text: string): SafetyToken[] {
  const tokens: SafetyToken[] = [];
  for (const m of text.matchAll(RUN)) {
    const start = m.index;
    const end = start + m[0].length;
    for (const word of foldRun(m[0])) tokens.push({ word, start, end });
  }
  return tokens;
}

/** The form rules are stored and compared in: folded words joined by single spaces ('' when none). */
export function normalizeSafetyText(text: string): string {
  return tokenizeSafetyText(text)
    .map((t) => t.word)
    .join(' ');
}

interface CompiledRule {
  phrase: string;
  kind: SafetyRuleKind;
  words: string[];
}

/** Rules indexed by their first word, longest first, ready to screen many texts. */
export interface SafetyMatcher {
  allow: Map<string, CompiledRule[]>;
  match: Map<string, CompiledRule[]>;
}

function index(rules: CompiledRule[]): Map<string, CompiledRule[]> {
  const map = new Map<string, CompiledRule[]>();
  for (const rule of rules) {
    const list = map.get(rule.words[0]!) ?? [];
    list.push(rule);
    map.set(rule.words[0]!, list);
  }
  for (const list of map.values()) list.sort((a, b) => b.words.length - a.words.length);
  return map;
}

/** Compiles a client's rules; rules without any word are ignored. */
export function compileSafetyRules(rules: readonly SafetyRuleInput[]): SafetyMatcher {
  const compiled = rules
    .map((r) => ({ phrase: r.phrase.trim(), kind: r.kind, words: normalizeSafetyText(r.phrase).split(' ') }))
    .filter((r) => r.words[0] !== '');
  return {
    allow: index(compiled.filter((r) => r.kind === 'allow')),
    match: index(compiled.filter((r) => r.kind !== 'allow')),
  };
}

/** True when the rule's words sit at `at` and none of them is taken by an allowed phrase. */
function matchesAt(tokens: SafetyToken[], taken: boolean[], at: number, words: string[]): boolean {
  if (at + words.length > tokens.length) return false;
  return words.every((w, i) => tokens[at + i]!.word === w && !taken[at + i]);
}

const pushOnce = (list: string[], phrase: string) => {
  if (!list.includes(phrase)) list.push(phrase);
};

/** Screens a text against compiled rules (or a plain rule list). */
export function screenSafetyText(
  rules: SafetyMatcher | readonly SafetyRuleInput[],
  text: string,
): SafetyScreen {
  const matcher = Array.isArray(rules)
    ? compileSafetyRules(rules as SafetyRuleInput[])
    : (rules as SafetyMatcher);
  const tokens = tokenizeSafetyText(text);
  const taken = tokens.map(() => false);
  const result: SafetyScreen = {
    blocked: [],
    flagged: [],
    allowed: [],
    isNonWord: isNonWordText(text),
    matches: [],
  };
  for (let i = 0; i < tokens.length; i++) {
    const allow = matcher.allow.get(tokens[i]!.word)?.find((r) => matchesAt(tokens, taken, i, r.words));
    if (!allow) continue;
    for (let j = 0; j < allow.words.length; j++) taken[i + j] = true;
    pushOnce(result.allowed, allow.phrase);
    i += allow.words.length - 1;
  }
  for (let i = 0; i < tokens.length; i++) {
    for (const rule of matcher.match.get(tokens[i]!.word) ?? []) {
      if (!matchesAt(tokens, taken, i, rule.words)) continue;
      pushOnce(rule.kind === 'block' ? result.blocked : result.flagged, rule.phrase);
      const last = tokens[i + rule.words.length - 1]!;
      result.matches.push({ phrase: rule.phrase, kind: rule.kind, start: tokens[i]!.start, end: last.end });
    }
  }
  return result;
}

/** The outcome of a screen: blocked wins, then the non-word check, then flagged. */
export function getSafetyOutcome(screen: SafetyScreen): SafetyOutcome {
  if (screen.blocked.length > 0) return 'blocked';
  if (screen.isNonWord) return 'non_word';
  if (screen.flagged.length > 0) return 'flagged';
  return 'clean';
}

/** A piece of a text for display: `isMatch` pieces are highlighted. */
export interface SafetySegment {
  text: string;
  isMatch: boolean;
}

/** Splits a text into plain and matched pieces (overlapping matches merge), for highlighting. */
export function splitSafetyMatches(text: string, matches: readonly { start: number; end: number }[]) {
  const spans = [...matches].sort((a, b) => a.start - b.start);
  const segments: SafetySegment[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.end <= at) continue;
    const start = Math.max(span.start, at);
    if (start > at) segments.push({ text: text.slice(at, start), isMatch: false });
    segments.push({ text: text.slice(start, span.end), isMatch: true });
    at = span.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), isMatch: false });
  return segments;
}

/** Highlights where the given phrases occur in a text (e.g. the matches recorded on a moderation item). */
export function highlightSafetyPhrases(text: string, phrases: readonly string[]): SafetySegment[] {
  const screen = screenSafetyText(
    phrases.map((phrase) => ({ phrase, kind: 'flag' as const })),
    text,
  );
  return splitSafetyMatches(text, screen.matches);
}
