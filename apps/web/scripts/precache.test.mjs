import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { writePrecache } from './precache.mjs';

const WORKER = readFileSync(fileURLToPath(new URL('../public/sw.js', import.meta.url)), 'utf8');

// A build of the shape `vite build` writes: an entry with a static import and CSS, a lazy page, maps, and the
// public files (sw.js, offline.html) copied beside index.html.
const FILES = {
  'index.html': '<!doctype html><script type="module" src="/assets/index-a1.js"></script>',
  'sw.js': WORKER,
  'offline.html': '<!doctype html><title>You are offline</title>',
  'assets/index-a1.js': 'import "./react-b2.js";',
  'assets/index-a1.js.map': '{}',
  'assets/react-b2.js': 'export {};',
  'assets/index-c3.css': 'body{}',
  'assets/logo-d4.svg': '<svg/>',
  'assets/projects-e5.js': 'export {};',
  'assets/projects-e5.js.br': 'x',
  'brand/demo-logo.svg': '<svg/>',
};
const MANIFEST = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    imports: ['_react-b2.js'],
    dynamicImports: ['src/app/routes/projects.tsx'],
    css: ['assets/index-c3.css'],
    assets: ['assets/logo-d4.svg'],
  },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  'src/app/routes/projects.tsx': {
    file: 'assets/projects-e5.js',
    isDynamicEntry: true,
    imports: ['_react-b2.js'],
  },
};

const dirs = [];
function distOf(files, manifest) {
  const dir = mkdtempSync(join(tmpdir(), 'rally-precache-'));
  dirs.push(dir);
  const all = manifest ? { ...files, '.vite/manifest.json': JSON.stringify(manifest) } : files;
  for (const [name, body] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), body);
  }
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs a worker script against a stand-in `self`: answers the events it listens to and its precache list. */
function runWorker(code) {
  const events = [];
  const self = { addEventListener: (type) => events.push(type) };
  new Script(`${code};self.precache = PRECACHE;`).runInNewContext({ self });
  return { events, precache: self.precache };
}

describe('writePrecache', () => {
  it("writes the entry's static files and the offline page, with a build id, into dist/sw.js", async () => {
    const dir = distOf(FILES, MANIFEST);
    const precache = await writePrecache(dir);
    expect(precache.urls).toEqual([
      '/offline.html',
      '/assets/index-a1.js',
      '/assets/index-c3.css',
      '/assets/logo-d4.svg',
      '/assets/react-b2.js',
    ]);
    expect(precache.build).toMatch(/^[0-9a-f]{16}$/);
    // The worker still runs, now with the list, and keeps its push handling.
    const worker = runWorker(readFileSync(join(dir, 'sw.js'), 'utf8'));
    expect(worker.precache).toEqual(precache);
    expect(worker.events.sort()).toEqual([
      'activate',
      'fetch',
      'install',
      'message',
      'notificationclick',
      'push',
    ]);
  });

  it('replaces its own earlier list when run again, and changes the build id with any file', async () => {
    const dir = distOf(FILES, MANIFEST);
    const first = await writePrecache(dir);
    expect(await writePrecache(dir)).toEqual(first);
    expect(runWorker(readFileSync(join(dir, 'sw.js'), 'utf8')).precache).toEqual(first);
    for (const file of ['index.html', 'offline.html', 'assets/react-b2.js']) {
      const changed = distOf({ ...FILES, [file]: `${FILES[file]} ` }, MANIFEST);
      expect((await writePrecache(changed)).build, file).not.toBe(first.build);
    }
  });

  it('lists every served file of assets/ when the build has no manifest', async () => {
    const dir = distOf(FILES);
    expect((await writePrecache(dir)).urls).toEqual([
      '/offline.html',
      '/assets/index-a1.js',
      '/assets/index-c3.css',
      '/assets/logo-d4.svg',
      '/assets/projects-e5.js',
      '/assets/react-b2.js',
    ]);
  });

  it('refuses an incomplete build and a worker without the placeholder', async () => {
    const { 'assets/react-b2.js': _gone, ...withoutChunk } = FILES;
    await expect(writePrecache(distOf(withoutChunk, MANIFEST))).rejects.toThrow(/react-b2\.js is missing/);
    await expect(writePrecache(distOf({ ...FILES, 'sw.js': 'self.x = 1;' }, MANIFEST))).rejects.toThrow(
      /no placeholder/,
    );
    const { 'sw.js': _noWorker, ...withoutWorker } = FILES;
    await expect(writePrecache(distOf(withoutWorker, MANIFEST))).rejects.toThrow(/sw\.js is missing/);
  });

  it('leaves the worker of the dev server (placeholder unreplaced) without a precache list', () => {
    expect(runWorker(WORKER).precache).toBeUndefined();
  });
});
