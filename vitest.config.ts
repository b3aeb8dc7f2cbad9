import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on our 2-core machines. The server's
    // tests spend much of their time waiting on the database, so two at once finish the suite about a third sooner.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      // The repository's own scripts (the bundle budget, the web build's post-steps).
      { test: { name: 'scripts', include: ['scripts/*.test.mjs', 'apps/web/scripts/*.test.mjs'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Pure helpers of the web app (*.test.ts) run in node.
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        // Components as a user drives them (*.test.tsx): a DOM, Testing Library, and MSW answering the calls.
        define: { __APP_VERSION__: JSON.stringify('test') },
        test: {
          name: 'web-dom',
          root: 'apps/web',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/testing/setup.ts'],
        },
      },
    ],
  },
});
