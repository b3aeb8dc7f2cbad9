import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchLaterStrings, firstStrings, mergeStrings, type Tree } from './en';

const SRC = join(__dirname, '..');
const KEY_CALL = /\bt\(\s*'([a-zA-Z][\w.]*)'/g;
const KEY_PROP =
  /(?:titleKey|labelKey|textKey)[=:]\s*["']([a-zA-Z][\w.]*)["']|(?:page|focus)\('([a-zA-Z][\w.]*)'\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

let common: Tree = {};
beforeAll(async () => {
  common = mergeStrings(firstStrings(), await fetchLaterStrings(), 'later');
});

function lookup(key: string, tree: Tree = common): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

function exists(key: string, tree: Tree = common): boolean {
  return ['', '_one', '_other'].some((suffix) => lookup(key + suffix, tree) !== undefined);
}

function keysUsedIn(files: Iterable<string>): Set<string> {
  const used = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(KEY_CALL)) if (match[1]) used.add(match[1]);
    for (const match of text.matchAll(KEY_PROP)) {
      const key = match[1] ?? match[2];
      if (key) used.add(key);
    }
  }
  return used;
}

const STATIC_IMPORT = /^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms;

/** The source files a module loads statically (itself included): what arrives with it, before any lazy chunk. */
function staticImports(file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
    const base = resolve(dirname(file), match[1] ?? '');
    const target = ['.tsx', '.ts', '/index.tsx', '/index.ts']
      .map((ext) => base + ext)
      .find((candidate) => existsSync(candidate));
    if (target && !target.endsWith('.json')) staticImports(target, into);
  }
  return into;
}

describe('locales/en/*.json', () => {
  it('has every key the source uses literally', () => {
    const used = keysUsedIn(sourceFiles(SRC));
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !exists(key))).toEqual([]);
  });

  it('has every key of the shared navigation constants', async () => {
    const { ADMIN_TABS, COMMUNITY_TABS, MAIN_NAV, PERFORMANCE_TABS } = await import('@rally/shared');
    const keys = [...MAIN_NAV, ...COMMUNITY_TABS, ...PERFORMANCE_TABS, ...ADMIN_TABS].map(
      (item) => item.labelKey,
    );
    expect(keys.filter((key) => !exists(key))).toEqual([]);
  });

  it('gives the first load (the shell, home and login, which do not wait for later/*.json) all its words', async () => {
    // (The user menu's panel loads with the later strings: deferred-user-menu.tsx waits for both.)
    const entries = ['main.tsx', 'app/routes/home.tsx', 'app/routes/login-page.tsx'].map((f) => join(SRC, f));
    const files = new Set<string>();
    for (const entry of entries) staticImports(entry, files);
    expect(files.has(join(SRC, 'features/auth/components/login-form.tsx'))).toBe(true);
    expect(files.has(join(SRC, 'app/router.tsx'))).toBe(true);
    expect(files.has(join(SRC, 'app/routes/projects.tsx'))).toBe(false);
    expect(files.size).toBeGreaterThan(50);
    const first = firstStrings();
    // The router's page titles are read only once their route has loaded, and every route but home's and
    // login's waits for the later strings (router.tsx lazyPage): of its keys only the t(...) calls and the login
    // page's title must be in the first load.
    const router = join(SRC, 'app/router.tsx');
    files.delete(router);
    const used = keysUsedIn(files);
    for (const match of readFileSync(router, 'utf8').matchAll(KEY_CALL)) if (match[1]) used.add(match[1]);
    used.add('pages.login');
    const { MAIN_NAV } = await import('@rally/shared');
    for (const item of MAIN_NAV) used.add(item.labelKey);
    expect([...used].filter((key) => !exists(key, first))).toEqual([]);
  });

  it('keeps the first load small: later/*.json holds more words than common.json', async () => {
    const size = (tree: Tree) => JSON.stringify(tree).length;
    expect(size(await fetchLaterStrings())).toBeGreaterThan(size(firstStrings()));
  });
});
