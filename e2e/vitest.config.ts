import { defineConfig } from 'vitest/config';

// Browser journeys: each spec file starts its own server (fresh embedded database with demo data) and Chromium.
export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    testTimeout: 60_000,
    // A page under load (CI runs two specs at once on two cores) may take a few seconds to show what a poll waits
    // for; vitest's default of one second made such polls flaky.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 90_000,
    maxWorkers: 2,
    fileParallelism: true,
  },
});
