import { describe, expect, it } from 'vitest';
import { routePreloads } from './route-preloads.mjs';

const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_framework.js'] },
  '_framework.js': { file: 'assets/framework.js' },
  'src/app/routes/home.tsx': {
    file: 'assets/home.js',
    isDynamicEntry: true,
    imports: ['_card.js', '_framework.js'],
  },
  '_card.js': { file: 'assets/card.js' },
  'src/app/routes/projects.tsx': { file: 'assets/projects.js', isDynamicEntry: true, imports: ['_card.js'] },
  'src/locales/en/later/common.json': { file: 'assets/common.js', isDynamicEntry: true },
  'src/locales/en/later/feed.json': { file: 'assets/feed.js', isDynamicEntry: true },
};

describe('routePreloads', () => {
  it("lists each page's chunks beyond the entry, and the later strings for pages that wait for them", () => {
    const preloads = routePreloads(manifest, {
      '/': ['src/app/routes/home.tsx'],
      '/projects': ['src/app/routes/projects.tsx', 'later strings'],
    });
    expect(preloads).toEqual({
      '/': ['assets/home.js', 'assets/card.js'],
      '/projects': ['assets/projects.js', 'assets/card.js', 'assets/common.js', 'assets/feed.js'],
    });
  });

  it('fails naming the page when its module is not a chunk of the build', () => {
    expect(() => routePreloads(manifest, { '/x': ['src/app/routes/x.tsx'] })).toThrow(
      '/x: src/app/routes/x.tsx is not a chunk of the build',
    );
  });
});
