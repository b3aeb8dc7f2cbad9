import { describe, expect, it } from 'vitest';
import { checkBundle, staticClosure } from './check-bundle.mjs';

// A build of the shape Vite writes: an entry, two first pages, two routes sharing a library chunk.
const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  'src/app/routes/login-page.tsx': {
    file: 'assets/login-page.js',
    isDynamicEntry: true,
    imports: ['_react.js'],
  },
  'src/app/routes/home.tsx': { file: 'assets/home.js', isDynamicEntry: true, imports: ['_card.js'] },
  'src/app/routes/projects.tsx': {
    file: 'assets/projects.js',
    isDynamicEntry: true,
    imports: ['_card.js', '_dialog.js', '_only-projects.js'],
  },
  '_card.js': { file: 'assets/card.js' },
  '_dialog.js': { file: 'assets/dialog.js' },
  '_only-projects.js': { file: 'assets/only-projects.js' },
};
const sizes = {
  'assets/index.js': 100,
  'assets/react.js': 40,
  'assets/login-page.js': 5,
  'assets/home.js': 7,
  'assets/card.js': 3,
  'assets/dialog.js': 20,
  'assets/projects.js': 30,
  'assets/only-projects.js': 25,
};
const size = (file) => sizes[file];
const row = (rows, route) => rows.find((r) => r.route === route);

describe('check:bundle', () => {
  it('follows static imports, each chunk once', () => {
    expect([...staticClosure(manifest, 'index.html')]).toEqual(['index.html', '_react.js']);
  });

  it("measures a first page's load as the entry's closure plus the page's own chunks", () => {
    const { rows } = checkBundle(manifest, size, { initial: 1000, route: 1000 });
    expect(row(rows, '/login')).toMatchObject({ kind: 'first load', size: 145 });
    expect(row(rows, '/')).toMatchObject({ kind: 'first load', size: 150 });
  });

  it("counts a route's exclusive chunks as its own and measures shared chunks once each", () => {
    const { rows } = checkBundle(manifest, size, { initial: 1000, route: 1000 });
    expect(row(rows, 'src/app/routes/projects.tsx')).toMatchObject({ kind: 'route', size: 30 + 20 + 25 });
    expect(row(rows, 'src/app/routes/home.tsx')).toMatchObject({ kind: 'route', size: 7 });
    expect(row(rows, 'assets/card.js')).toMatchObject({ kind: 'shared', size: 3 });
  });

  it('fails each route over its budget, naming it with its size', () => {
    const { failures } = checkBundle(manifest, size, { initial: 148, route: 60 });
    expect(failures.map((f) => [f.route, f.size])).toEqual([
      ['/', 150],
      ['src/app/routes/projects.tsx', 75],
    ]);
  });

  it('refuses a build whose first page is not a chunk of its own', () => {
    const { 'src/app/routes/home.tsx': _, ...withoutHome } = manifest;
    expect(() => checkBundle(withoutHome, size)).toThrow('/: src/app/routes/home.tsx is not a chunk');
  });
});
