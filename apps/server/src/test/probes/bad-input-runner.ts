import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { type BadRequest, badBodies, badQueries, canonicalBad } from './bad-requests.ts';
import { BAD_KINDS, type BadKind } from './bad-values.ts';
import type { Operation } from './openapi-routes.ts';
import { type Actor, buildProbeApp, type ProbeApp, send } from './probe-app.ts';
import type { Digest } from './row-digest.ts';
import { validBody } from './valid-body.ts';

/**
 * Runs the bad-input probes of one actor: every route with a JSON body or a query gets each kind of bad input,
 * a few samples of each, from fast-check with a fixed seed. A 5xx fails, and so does a 4xx that changed a row.
 */

/** Base seed of every property; set PROBE_SEED to explore others. Each route and kind derives its own from it. */
export const BASE_SEED = Number(process.env.PROBE_SEED ?? 20_261_124);
/** Samples per route, actor and kind of bad input. */
export const RUNS_PER_KIND = Number(process.env.PROBE_RUNS ?? 1);

/** The operations with something to spoil: a JSON body or query parameters. */
export const withInput = (ops: readonly Operation[]) => ops.filter((op) => op.body || op.query.length > 0);

/** A seed of its own per route, kind and actor, so that adding a route does not change what the others get. */
function seedOf(label: string): number {
  return (BASE_SEED ^ createHash('sha256').update(label).digest().readInt32LE(0)) | 0;
}

/** Runs every kind on every route for `actor`; returns one line per failing route and kind. */
export async function runBadInput(actor: Actor): Promise<string[]> {
  const p = await buildProbeApp([actor]);
  const failures: string[] = [];
  // The digest of Demo's rows as the last call left them; undefined after a 2xx, which may change rows.
  let known: Digest | undefined;
  const check = async (op: Operation, bad: BadRequest): Promise<string | null> => {
    const before = known ?? (await p.demoRows.digest());
    const answer = await send(p, actor, op, bad.input);
    if (answer.status >= 500) return `${answer.status} ${answer.body.slice(0, 120)}`;
    if (answer.status < 400) {
      known = undefined;
      return null;
    }
    known = await p.demoRows.digest();
    const changed = p.demoRows.changedTables(before, known);
    return changed.length > 0 ? `${answer.status}, yet changed Demo's ${changed.join(', ')}` : null;
  };
  try {
    for (const op of withInput(p.ops)) {
      for (const kind of BAD_KINDS) {
        const examples = canonicalBad(op, validBody(op, p.ids), kind);
        for (const [i, [where, arbitrary]] of arbitrariesOf(p, op, kind).entries()) {
          const label = `${op.key} ${where} ${kind} as ${actor.name}`;
          // The canonical examples run once, with the first arbitrary: they cover body and query alike.
          const failure = await runProperty(label, arbitrary, i === 0 ? examples : [], (bad) =>
            check(op, bad),
          );
          if (failure) failures.push(failure);
        }
      }
    }
  } finally {
    await p.close();
  }
  return failures;
}

function arbitrariesOf(p: ProbeApp, op: Operation, kind: BadKind): Array<[string, fc.Arbitrary<BadRequest>]> {
  const out: Array<[string, fc.Arbitrary<BadRequest>]> = [];
  if (op.body) out.push(['body', badBodies(op, validBody(op, p.ids), kind)]);
  if (op.query.length > 0) out.push(['query', badQueries(op, kind)]);
  return out;
}

/**
 * Checks the property with its own seed; no shrinking, since each call changes the database and a 100k string
 * shrinks slowly. Returns the failure with the seed that replays it, or null.
 */
async function runProperty(
  label: string,
  arbitrary: fc.Arbitrary<BadRequest>,
  examples: BadRequest[],
  call: (bad: BadRequest) => Promise<string | null>,
): Promise<string | null> {
  let failed: { bad: BadRequest; why: string } | undefined;
  const seed = seedOf(label);
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (bad) => {
      const why = await call(bad);
      if (why) failed = { bad, why };
      return why === null;
    }),
    // fast-check counts examples in numRuns: they come on top of the random samples here.
    {
      seed,
      numRuns: RUNS_PER_KIND + examples.length,
      endOnFailure: true,
      examples: examples.map((e) => [e] as [BadRequest]),
    },
  );
  if (!details.failed) return null;
  const what = failed ? `${failed.bad.note} → ${failed.why}` : String(details.errorInstance);
  return `${label}: ${what} (fast-check seed ${details.seed}, path ${details.counterexamplePath})`;
}
