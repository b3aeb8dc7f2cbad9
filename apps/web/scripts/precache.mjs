#!/usr/bin/env node
/**
 * Writes the precache list of the built web app into its service worker (issue 11): the hashed files the entry
 * loads (its chunk, static imports, their CSS and assets, from Vite's build manifest; every file of assets/ when
 * there is no manifest) and the offline page, with a build id that changes with any of them or index.html. It
 * replaces the placeholder `self.__PRECACHE__` of dist/sw.js (a copy of public/sw.js), or the list an earlier
 * run wrote, so running it twice is harmless. Run after `vite build` and before compressing dist; the directory
 * defaults to ../dist.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The worker's `const PRECACHE = self.__PRECACHE__;`, or the list an earlier run wrote there. */
const PLACEHOLDER =
  /(?<=const PRECACHE = )(?:self\.__PRECACHE__|\/\*__PRECACHE__\*\/.*?\/\*__PRECACHE_END__\*\/)(?=;)/;
const OFFLINE_PAGE = 'offline.html';
/** Copies the compress step writes, and source maps: never requested by the app. */
const NOT_SERVED = /\.(?:map|br|gz)$/;

/** The manifest keys a key loads statically: itself and its imports, transitively. */
function staticClosure(manifest, key, into = new Set()) {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(manifest, dep, into);
  return into;
}

/** The dist-relative files the entry needs, from Vite's manifest, or every served file of assets/ without one. */
async function entryFiles(dir) {
  const manifestPath = join(dir, '.vite', 'manifest.json');
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
    const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
    if (!entry) throw new Error(`${manifestPath} has no entry chunk`);
    const files = new Set();
    for (const key of staticClosure(manifest, entry)) {
      const chunk = manifest[key];
      for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    }
    return [...files];
  }
  const assets = join(dir, 'assets');
  if (!existsSync(assets)) throw new Error(`${dir} has no assets/: build the web app first`);
  const entries = await readdir(assets, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !NOT_SERVED.test(e.name))
    .map((e) =>
      join(e.parentPath ?? e.path, e.name)
        .slice(dir.length + 1)
        .split('\\')
        .join('/'),
    );
}

/**
 * Writes {build, urls} into dir/sw.js and answers it. Throws when the build is incomplete: no sw.js with the
 * placeholder, or a listed file missing.
 */
export async function writePrecache(dir) {
  const swPath = join(dir, 'sw.js');
  if (!existsSync(swPath)) throw new Error(`${swPath} is missing: build the web app first`);
  const worker = await readFile(swPath, 'utf8');
  if (!PLACEHOLDER.test(worker)) {
    throw new Error(`${swPath} has no placeholder: const PRECACHE = self.__PRECACHE__;`);
  }
  const files = (await entryFiles(dir)).sort();
  if (existsSync(join(dir, OFFLINE_PAGE))) files.unshift(OFFLINE_PAGE);
  const hash = createHash('sha256');
  for (const file of [...files, 'index.html']) {
    const path = join(dir, file);
    if (!existsSync(path)) throw new Error(`${path} is missing: the build is incomplete`);
    hash.update(`${file}\n`).update(await readFile(path));
  }
  const precache = { build: hash.digest('hex').slice(0, 16), urls: files.map((file) => `/${file}`) };
  const literal = `/*__PRECACHE__*/${JSON.stringify(precache)}/*__PRECACHE_END__*/`;
  await writeFile(
    swPath,
    worker.replace(PLACEHOLDER, () => literal),
  );
  return precache;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
  const { build, urls } = await writePrecache(dir);
  console.log(`precache: build ${build}, ${urls.length} files written into ${join(dir, 'sw.js')}`);
}
