export type Tree = { [key: string]: string | Tree };

/**
 * The 'common' namespace comes in two parts, so the first page's download carries only the words it shows
 * (issue 11's JavaScript budget):
 * - `common.json`: the shell, the session pages, home and the words every page uses — part of the first load;
 * - `later/*.json`: everything else, one file per area (`later/common.json` for the rest of the app, `feed.json`,
 *   `leaderboard.json`, …), fetched together by `loadLaterStrings()`, which every other page's route waits for
 *   (apps/web/src/app/router.tsx) and the app starts once the first page is drawn.
 * Each file holds its own top-level keys; merged, no file may redefine another's key (locales.test.ts checks both
 * rules: every key exists, and the first load's code uses only first-load keys).
 */
import first from './common.json';

const laterFiles = import.meta.glob<Tree>('./later/*.json', { import: 'default' });

export function mergeStrings(into: Tree, from: Tree, file: string, path = ''): Tree {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    if (typeof existing === 'object' && typeof value === 'object')
      mergeStrings(existing, value, file, `${path}${key}.`);
    else if (existing !== undefined) throw new Error(`locales/en/${file} redefines ${path}${key}`);
    else into[key] = typeof value === 'object' ? mergeStrings({}, value, file, `${path}${key}.`) : value;
  }
  return into;
}

/** The first load's strings (a fresh copy: i18next merges later strings into what it is given). */
export function firstStrings(): Tree {
  return mergeStrings({}, first as Tree, 'common.json');
}

/** Every string the first load lacks, merged from later/*.json. */
export async function fetchLaterStrings(): Promise<Tree> {
  const entries = await Promise.all(
    Object.entries(laterFiles).map(async ([file, load]) => [file.slice(2), await load()] as const),
  );
  return entries
    .sort(([a], [b]) => a.localeCompare(b))
    .reduce<Tree>((tree, [file, content]) => mergeStrings(tree, content, file), {});
}
