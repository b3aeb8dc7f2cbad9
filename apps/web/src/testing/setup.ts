import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { initI18n, loadLaterStrings } from '../lib/i18n';
import { dismissToast, toastStore } from '../lib/toast';
import { buildClient } from './data';
import { resetJournal, server } from './server';
import { installResponsiveDisplayStyles, setViewport } from './viewport';

/**
 * Setup of the web-dom project (vitest.config.ts): jest-dom matchers, the MSW server (a request without a
 * handler fails the test), Tailwind's responsive display rules, and a clean page, storage and window size after
 * each test (1024 × 768 unless a test sets another with setViewport).
 */
// findBy* and waitFor wait up to 5 s instead of 1 s: with the whole suite on a loaded 2-core machine an answer
// can take over a second to render; a missing element still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

/** Keys a component asked for that the strings lack (locales/strings.ts watchMissingKeys): each fails its test. */
const missingKeys: string[] = [];
(globalThis as { __rallyMissingKeys?: string[] }).__rallyMissingKeys = missingKeys;

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' });
  await initI18n(buildClient());
  await loadLaterStrings();
  installResponsiveDisplayStyles();
});

afterEach(() => {
  cleanup();
  for (const toast of toastStore.getSnapshot()) dismissToast(toast.id);
  localStorage.clear();
  setViewport(1024, 768);
  server.resetHandlers();
  const untranslated = missingKeys.splice(0);
  if (untranslated.length > 0) {
    throw new Error(
      `These translation keys are missing from the strings:\n  ${[...new Set(untranslated)].join('\n  ')}`,
    );
  }
  const missed = resetJournal();
  if (missed.length > 0) {
    throw new Error(
      `No handler answered these requests; add them with server.use():\n  ${missed.join('\n  ')}`,
    );
  }
});

afterAll(() => server.close());
