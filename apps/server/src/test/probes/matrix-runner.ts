import { ACME_HOST } from '../build-test-app.ts';
import {
  describeCall,
  judgeAnswer,
  mustChangeNothing,
  type Probe,
  probesOf,
  replacedOmittedFields,
  targetRow,
} from './matrix-oracle.ts';
import { type Actor, type Answer, buildProbeApp, type ProbeApp, send } from './probe-app.ts';
import { type Digest, type Fingerprints, foreignReferences, loadFingerprints } from './row-digest.ts';

/**
 * Runs the tenant and role matrix for a group of actors on one fresh app and returns the defects found.
 * Calls that must change nothing are sent in batches with one digest of Demo's rows per batch; a batch whose digest
 * moved (rare: only a defect moves it) is replayed call by call on a fresh app to name the call that changed it.
 */

const BATCH = 20;

interface Step {
  actor: Actor;
  probe: Probe;
}

/** The order of a group's calls: per actor, the calls that must change nothing first, then the allowed ones. */
function schedule(actors: readonly Actor[], probes: Probe[]): Step[] {
  return actors.flatMap((actor) => {
    const refused = probes.filter((probe) => mustChangeNothing(actor, probe));
    const allowed = probes.filter((probe) => !mustChangeNothing(actor, probe));
    return [...refused, ...allowed].map((probe) => ({ actor, probe }));
  });
}

/** Demo's fingerprints, less the names Acme shares (a team called the same is no leak). */
async function demoOnlyFingerprints(p: ProbeApp): Promise<Fingerprints> {
  const demo = await loadFingerprints(p.t.ctx.database, p.demoId);
  const acme = await loadFingerprints(p.t.ctx.database, p.acmeId);
  const shared = new Set(acme.texts);
  return { ids: demo.ids, texts: demo.texts.filter((s) => !shared.has(s)) };
}

/** Runs the group; returns one line per defect. */
export async function runMatrixGroup(actors: readonly Actor[]): Promise<string[]> {
  const p = await buildProbeApp(actors);
  const failures: string[] = [];
  try {
    const prints = await demoOnlyFingerprints(p);
    const steps = schedule(actors, probesOf(p.ops));
    const crossesTenants = actors.some((a) => a.host === ACME_HOST);
    const linksBefore = crossesTenants ? await foreignReferences(p.t.ctx.database, p.acmeId, prints) : [];
    let baseline = await p.demoRows.digest();
    let batch: number[] = [];

    const flush = async () => {
      if (batch.length === 0) return;
      const after = await p.demoRows.digest();
      const tables = p.demoRows.changedTables(baseline, after);
      if (tables.length > 0) failures.push(...(await replayCallByCall(actors, steps, batch, tables)));
      baseline = after;
      batch = [];
    };

    for (const [i, step] of steps.entries()) {
      const { actor, probe } = step;
      if (mustChangeNothing(actor, probe)) {
        const answer = await send(p, actor, probe.op, probe.input);
        failures.push(...judgeAnswer(actor, probe, answer, prints));
        batch.push(i);
        if (batch.length >= BATCH) await flush();
        continue;
      }
      // An allowed call may change rows: the batch before it is settled first, and the call is digested alone.
      await flush();
      const row = await targetRow(p, probe);
      const answer = await send(p, actor, probe.op, probe.input);
      failures.push(...judgeAnswer(actor, probe, answer, prints));
      const after = await p.demoRows.digest();
      failures.push(...judgeRowChange(p, step, answer, baseline, after));
      if (answer.status >= 200 && answer.status < 300) {
        const replaced = replacedOmittedFields(row, await targetRow(p, probe), answer.sent);
        if (replaced.length > 0) {
          failures.push(
            `${describeCall(actor, probe, answer)}: PATCH replaced omitted fields ${replaced.join(', ')}`,
          );
        }
      }
      baseline = after;
    }
    await flush();
    if (crossesTenants) {
      const links = await foreignReferences(p.t.ctx.database, p.acmeId, prints);
      for (const link of links.filter((l) => !linksBefore.includes(l))) {
        failures.push(`Acme's rows now point at Demo's: ${link}`);
      }
    }
  } finally {
    await p.close();
  }
  return failures;
}

/** A refused answer (not 2xx) of an allowed call must also leave the rows as they were. */
function judgeRowChange(p: ProbeApp, step: Step, answer: Answer, before: Digest, after: Digest): string[] {
  if (answer.status >= 200 && answer.status < 400) return [];
  const tables = p.demoRows.changedTables(before, after);
  if (tables.length === 0) return [];
  return [
    `${describeCall(step.actor, step.probe, answer)}: refused, yet changed Demo's ${tables.join(', ')}`,
  ];
}

/**
 * Names the calls of a batch that changed Demo's rows: replays every earlier call on a fresh app, then the batch
 * one call at a time with a digest after each.
 */
async function replayCallByCall(
  actors: readonly Actor[],
  steps: Step[],
  batch: number[],
  tables: string[],
): Promise<string[]> {
  const p = await buildProbeApp(actors);
  const out: string[] = [];
  try {
    for (const step of steps.slice(0, batch[0])) await send(p, step.actor, step.probe.op, step.probe.input);
    let before = await p.demoRows.digest();
    for (const i of batch) {
      const { actor, probe } = steps[i]!;
      const answer = await send(p, actor, probe.op, probe.input);
      const after = await p.demoRows.digest();
      const changed = p.demoRows.changedTables(before, after);
      if (changed.length > 0) {
        out.push(
          `${describeCall(actor, probe, answer)}: must change nothing, yet changed Demo's ${changed.join(', ')}`,
        );
      }
      before = after;
    }
  } finally {
    await p.close();
  }
  if (out.length > 0) return out;
  const labels = batch.map((i) => `${steps[i]!.probe.label} as ${steps[i]!.actor.name}`);
  return [`Demo's ${tables.join(', ')} changed during [${labels.join('; ')}], not reproduced call by call`];
}
