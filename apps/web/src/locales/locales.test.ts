import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { common } from './en';

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

function lookup(key: string): unknown {
  let node: unknown = common;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

function exists(key: string): boolean {
  return ['', '_one', '_other'].some((suffix) => lookup(key + suffix) !== undefined);
}

describe('locales/en/*.json', () => {
  it('has every key the source uses literally', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(KEY_CALL)) if (match[1]) used.add(match[1]);
      for (const match of text.matchAll(KEY_PROP)) {
        const key = match[1] ?? match[2];
        if (key) used.add(key);
      }
    }
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
});
