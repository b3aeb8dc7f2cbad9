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
          // Each file builds its own app on its own database, so nothing is shared through modules but their code:
          // without isolation a worker imports the server once instead of once per file (the import was about 40%
          // of the project's time). Measured on 171 files, two workers: 900 s isolated, 429 s not.
          isolate: false,
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
          // A long journey through a component (type, pick, wait for the answers) takes 1-2 s alone and could pass
          // vitest's 5 s default on a loaded 2-core machine; a hang still fails, a slow pass no longer does.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
