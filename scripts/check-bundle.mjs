// npm run check:bundle — the JavaScript budget of the web app (issue 11), read from Vite's build manifest:
// - the first load of /login and of the signed-in home / (the entry, its static imports and the page's lazy chunk
//   with its own static imports) stays within 150 KB of gzipped JavaScript;
// - every other route's own download (its lazy chunk and the chunks only it loads) stays within 60 KB gzipped,
//   and so does every chunk that several routes share (libraries such as the dialogs or the Markdown parser),
//   which a member downloads once, with the first route that needs it.
// Fails naming the route and its size. Run after `npm run build` (the web app's dist must exist).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const KB = 1024;
/**
 * The first load's budget. About 122 KB of it is the framework every page starts with (React, React Router,
 * i18next, TanStack Query); the rest is the shell and the page. What keeps it there: answers the shell reads on
 * every page are typed, not parsed with zod; the login form checks with the shared rule; the words of other pages
 * load later (locales/en/later); background services load after the first paint.
 */
export const INITIAL_BUDGET = 150 * KB;
export const ROUTE_BUDGET = 60 * KB;
/** The pages a first visit opens: the route, and the module its lazy route loads (see apps/web/src/app/router.tsx). */
export const FIRST_PAGES = [
  { route: '/login', module: 'src/app/routes/login-page.tsx' },
  { route: '/', module: 'src/app/routes/home.tsx' },
];

/** The chunks a manifest key loads statically (itself and its static imports, transitively), in load order. */
export function staticClosure(manifest, key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, into);
  return into;
}

/** Measures every first page and every lazy route against the budgets; answers rows and the failures. */
export function checkBundle(
  manifest,
  gzippedSize,
  budgets = { initial: INITIAL_BUDGET, route: ROUTE_BUDGET },
) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');
  const sizeOf = (keys) => [...keys].reduce((sum, k) => sum + gzippedSize(manifest[k].file), 0);
  const initial = staticClosure(manifest, entryKey);
  const rows = [];
  for (const { route, module } of FIRST_PAGES) {
    if (!manifest[module])
      throw new Error(`${route}: ${module} is not a chunk of the build (is it lazy-loaded?)`);
    const keys = staticClosure(manifest, module, new Set(initial));
    rows.push({ route, kind: 'first load', size: sizeOf(keys), budget: budgets.initial });
  }
  const lazyEntries = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry);
  const downloads = new Map(
    lazyEntries.map((k) => [k, [...staticClosure(manifest, k)].filter((c) => !initial.has(c))]),
  );
  const users = new Map();
  for (const chunks of downloads.values()) for (const c of chunks) users.set(c, (users.get(c) ?? 0) + 1);
  for (const [key, chunks] of downloads) {
    const own = chunks.filter((c) => users.get(c) === 1);
    rows.push({ route: manifest[key].src ?? key, kind: 'route', size: sizeOf(own), budget: budgets.route });
  }
  for (const [chunk, count] of users) {
    if (count < 2 || manifest[chunk].isDynamicEntry) continue;
    rows.push({
      route: manifest[chunk].name
        ? `${manifest[chunk].name} (${manifest[chunk].file})`
        : manifest[chunk].file,
      kind: 'shared',
      size: sizeOf([chunk]),
      budget: budgets.route,
    });
  }
  return { rows, failures: rows.filter((r) => r.size > r.budget) };
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

function main() {
  const dist = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`check:bundle: ${manifestPath} is missing; run npm run build first`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const cache = new Map();
  const gzippedSize = (file) => {
    if (!cache.has(file))
      cache.set(
        file,
        gzipSync(readFileSync(join(dist, file)), { level: constants.Z_BEST_COMPRESSION }).length,
      );
    return cache.get(file);
  };
  const { rows, failures } = checkBundle(manifest, gzippedSize);
  for (const r of rows.sort((a, b) => b.size / b.budget - a.size / a.budget))
    console.log(
      `${r.size > r.budget ? '✗' : '✓'} ${r.kind.padEnd(10)} ${r.route.padEnd(64)} ${kb(r.size).padStart(9)} of ${kb(r.budget)}`,
    );
  if (failures.length) {
    for (const f of failures)
      console.error(
        `check:bundle: ${f.route} (${f.kind}) loads ${kb(f.size)} of gzipped JavaScript; the budget is ${kb(f.budget)}`,
      );
    process.exit(1);
  }
  console.log(`check:bundle: ${rows.length} routes and shared chunks within budget`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
