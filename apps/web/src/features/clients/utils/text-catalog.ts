import { DEFAULT_LOCALE, type Locale, stringKeyFor } from '@rally/shared';

type Tree = { [key: string]: string | Tree };

/** One UI text the words editor offers: its i18next key, the app's text in the language, and in English. */
export interface CatalogText {
  key: string;
  /** The app's own text in the chosen language (English's when the language lacks it). */
  text: string;
  english: string;
}

/** Keys the Words section above sets for English (the project and team words, role labels). */
const SET_ABOVE = /^(words|roles)\./;

/** Every string of a tree as dotted key → text. */
export function flattenStrings(
  tree: Tree,
  prefix = '',
  into: Record<string, string> = {},
): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'object') flattenStrings(value, `${prefix}${key}.`, into);
    else into[`${prefix}${key}`] = value;
  }
  return into;
}

/**
 * The texts an admin may change in `locale`: every English key (Spanish adds its `_many` plural forms), sorted by
 * key. English leaves out what the Words section above already sets.
 */
export function buildCatalog(
  locale: Locale,
  english: Record<string, string>,
  shown: Record<string, string>,
): CatalogText[] {
  const keys = new Set(Object.keys(english));
  if (locale !== DEFAULT_LOCALE) for (const key of Object.keys(shown)) keys.add(key);
  return [...keys]
    .filter((key) => locale !== DEFAULT_LOCALE || !SET_ABOVE.test(key))
    .sort()
    .map((key) => ({
      key,
      text: shown[key] ?? english[key] ?? '',
      english: english[key] ?? english[key.replace(/_many$/, '_other')] ?? '',
    }));
}

/**
 * The texts matching a search (key, the app's text, English's or the override, case-insensitively; every word of
 * the query must match) — only the changed ones when asked (saved or about to be: `overrides` holds both).
 */
export function searchCatalog(
  catalog: readonly CatalogText[],
  query: string,
  options: { locale: Locale; overrides: Record<string, string | null>; isOnlyChanged: boolean },
): CatalogText[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return catalog.filter((entry) => {
    const override = options.overrides[stringKeyFor(options.locale, entry.key)];
    // A key being cleared (null) still counts as changed until saved, so its row stays in view.
    if (options.isOnlyChanged && override === undefined) return false;
    const haystack = `${entry.key}\n${entry.text}\n${entry.english}\n${override ?? ''}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/**
 * How a text reads once shown: `$t(key)` nestings replaced by the texts they name (through `translate`, so the
 * client's words apply); `{{placeholders}}` stay, since only the page knows their values.
 */
export function previewText(text: string, translate: (key: string) => string): string {
  return text.replace(/\$t\(\s*([\w.]+)[^)]*\)/g, (_, key: string) => translate(key));
}
