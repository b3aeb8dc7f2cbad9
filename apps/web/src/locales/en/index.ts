export type Tree = { [key: string]: string | Tree };

/** The namespace of the app's own strings (the client's overrides have their own, looked up first). */
export const DEFAULT_NAMESPACE = 'common';

/**
 * The 'common' namespace comes in two parts, so the first page's download carries only the words it shows
 * (issue 11's JavaScript budget):
 * - `common.json`: the shell, the session pages, home and the words every page uses — part of the first load;
 * - `later/*.json`: everything else, one file per area (`later/common.json` for the rest of the app, `feed.json`,
 *   `leaderboard.json`, …), one chunk per language (`later/index.ts`), fetched by `loadLaterStrings()`, which every other page's route waits for
 *   (apps/web/src/app/router.tsx) and the app starts once the first page is drawn.
 * Each file holds its own top-level keys; merged, no file may redefine another's key (locales.test.ts checks both
 * rules: every key exists, and the first load's code uses only first-load keys).
 * Other languages (`locales/es/…`, issue 14) mirror this layout key for key. Only this file's `common.json` is in
 * the first load: the later files and every other language load through locales/strings.ts, itself a lazy chunk.
 */
import first from './common.json';

/** The first load's strings (a fresh copy: i18next merges later strings into what it is given). */
export function firstStrings(): Tree {
  return structuredClone(first) as Tree;
}
