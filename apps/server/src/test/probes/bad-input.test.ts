import { describe, expect, it } from 'vitest';
import { BASE_SEED, RUNS_PER_KIND, runBadInput } from './bad-input-runner.ts';
import { BAD_KINDS } from './bad-values.ts';
import { ACTORS } from './probe-app.ts';

/**
 * Security issue 9: every route of the OpenAPI document that takes a JSON body or a query gets wrong types, 100k
 * strings, control characters and lone surrogates, nesting 1000+ deep, prototype keys, extra properties, edge
 * numbers and unicode (bad-values.ts), sent by an admin and by a member with real ids in the path. No answer may be
 * a 5xx, and a 4xx must leave Demo's rows as they were. Seeds are fixed (PROBE_SEED changes them); a failure names
 * the seed and path that replay it.
 */

describe(`bad input (fast-check seed ${BASE_SEED}, ${RUNS_PER_KIND}× each of ${BAD_KINDS.length} kinds per route)`, () => {
  it.each([ACTORS.admin, ACTORS.member])(
    '$name: no 5xx, and no change on a 4xx',
    { timeout: 120_000 },
    async (actor) => {
      const failures = await runBadInput(actor);
      expect(failures, `${failures.length} failures (seed ${BASE_SEED}):\n${failures.join('\n')}`).toEqual(
        [],
      );
    },
  );
});
