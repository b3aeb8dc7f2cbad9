import type { Locale } from '@rally/shared';
import type { i18n as I18nInstance } from 'i18next';
import type { Tree } from './en';

/**
 * Every string but the first load's English (locales/en/common.json, in the entry), loaded only by who needs it:
 * `<lang>/common.json` holds a language's first-load words (a chunk each), `<lang>/later/*.json` the rest (one chunk
 * per language, `<lang>/later/index.ts`; the layout of locales/en/index.ts). This module itself loads lazily (lib/i18n.ts), so an English first
 * visit downloads none of it.
 */
const firstFiles = import.meta.glob<Tree>(['./*/common.json', '!./en/common.json'], { import: 'default' });
/** Each language's later files in one module (`<lang>/later/index.ts`, one chunk): file name → strings. */
const laterBundles = import.meta.glob<Record<string, Tree>>('./*/later/index.ts', { import: 'default' });

/** Merges `from` into `into`; a key both define (a string twice, or a string and a group) is an error. */
export function mergeStrings(into: Tree, from: Tree, file: string, path = ''): Tree {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    if (typeof existing === 'object' && typeof value === 'object')
      mergeStrings(existing, value, file, `${path}${key}.`);
    else if (existing !== undefined) throw new Error(`locales/${file} redefines ${path}${key}`);
    else into[key] = typeof value === 'object' ? mergeStrings({}, value, file, `${path}${key}.`) : value;
  }
  return into;
}

/** A language's first-load ('first') or later strings, merged ({} when the language has no such file). */
export async function fetchStrings(locale: Locale, part: 'first' | 'later'): Promise<Tree> {
  let entries: (readonly [string, Tree])[];
  if (part === 'first') {
    const load = firstFiles[`./${locale}/common.json`];
    entries = load ? [[`${locale}/common.json`, await load()]] : [];
  } else {
    const load = laterBundles[`./${locale}/later/index.ts`];
    const files = load ? await load() : {};
    entries = Object.entries(files).map(
      ([file, content]) => [`${locale}/later/${file.slice(2)}`, content] as const,
    );
  }
  return entries
    .sort(([a], [b]) => a.localeCompare(b))
    .reduce<Tree>((tree, [file, content]) => mergeStrings(tree, content, file), {});
}

/** Every string the first load lacks, in one language (English unless told), merged from `<lang>/later/*.json`. */
export const fetchLaterStrings = (locale: Locale = 'en') => fetchStrings(locale, 'later');

/** What an end-to-end run leaves on `window` to collect the keys a page asked for that its language lacks. */
interface MissingKeysWindow {
  __rallyMissingKeys?: string[];
  /** Set once the hook records, so a test knows its empty list means "nothing missing". */
  __rallyMissingKeysWatched?: boolean;
}

/**
 * Test hook (e2e/specs/language.spec.ts): when the page was opened with `window.__rallyMissingKeys = []`, every
 * key missing in the shown language is recorded there, and English is no fallback, so an untranslated string
 * cannot hide behind it. Without the array (every real visit) this does nothing.
 */
export function watchMissingKeys(i18n: I18nInstance, source = globalThis as MissingKeysWindow): void {
  const found = source.__rallyMissingKeys;
  if (!Array.isArray(found) || i18n.options.saveMissing) return;
  i18n.options.saveMissing = true;
  i18n.options.fallbackLng = false;
  i18n.options.missingKeyHandler = (lngs, ns, key) => {
    found.push(`${lngs.join(',')}:${ns}:${key}`);
  };
  source.__rallyMissingKeysWatched = true;
}
