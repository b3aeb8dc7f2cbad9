#!/usr/bin/env node
/**
 * Writes dist/.vite/route-preloads.json: for the pages members open first, the JavaScript their route loads
 * beyond the entry (the page's lazy chunk and its static imports, and the later strings every page but home and
 * login waits for, see src/locales/en/index.ts), from Vite's build manifest. The server adds them to index.html as
 * `<link rel="modulepreload">` for that path, so they download beside the entry instead of after it has run.
 * Run after `vite build`; the directory defaults to ../dist.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LATER_STRINGS = 'later strings';

/** Path → the route modules it opens (apps/web/src/app/router.tsx), and whether it waits for the later strings. */
export const PRELOADED_PAGES = {
  '/': ['src/app/routes/home.tsx'],
  '/login': ['src/app/routes/login-page.tsx'],
  '/projects': ['src/app/routes/projects.tsx', LATER_STRINGS],
  '/community/feed': ['src/app/routes/community.tsx', LATER_STRINGS],
  '/community/leaderboard': ['src/app/routes/community.tsx', LATER_STRINGS],
  '/notifications': ['src/app/routes/app-pages.tsx', LATER_STRINGS],
  '/admin': ['src/app/routes/admin.tsx', LATER_STRINGS],
};

function staticClosure(manifest, key, into = new Set()) {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(manifest, dep, into);
  return into;
}

/** Path → dist-relative files to preload (the entry's own closure left out: index.html loads it already). */
export function routePreloads(manifest, pages = PRELOADED_PAGES) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('The manifest has no entry chunk');
  const initial = staticClosure(manifest, entry);
  // The later English strings, and the lazy module that loads them (src/locales/strings.ts).
  const later = Object.keys(manifest).filter(
    (key) => key.startsWith('src/locales/en/later/') || key === 'src/locales/strings.ts',
  );
  const preloads = {};
  for (const [path, modules] of Object.entries(pages)) {
    const keys = new Set();
    for (const module of modules) {
      const roots = module === LATER_STRINGS ? later : [module];
      for (const root of roots) {
        if (!manifest[root]) throw new Error(`${path}: ${root} is not a chunk of the build`);
        staticClosure(manifest, root, keys);
      }
    }
    preloads[path] = [...keys].filter((key) => !initial.has(key)).map((key) => manifest[key].file);
  }
  return preloads;
}

async function main(dir) {
  const manifestPath = join(dir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run vite build first`);
  const preloads = routePreloads(JSON.parse(await readFile(manifestPath, 'utf8')));
  await writeFile(join(dir, '.vite', 'route-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
  const count = Object.values(preloads).reduce((sum, files) => sum + files.length, 0);
  console.log(`route-preloads: ${Object.keys(preloads).length} pages, ${count} files`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main(process.argv[2] ?? join(fileURLToPath(new URL('.', import.meta.url)), '../dist'));
}
