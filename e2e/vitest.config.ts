import { defineConfig } from 'vitest/config';

// Browser journeys: each spec file starts its own server (fresh embedded database with demo data) and Chromium.
export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    maxWorkers: 2,
    fileParallelism: true,
  },
});
