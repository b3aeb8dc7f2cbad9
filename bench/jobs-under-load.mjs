// B11 (issue 23, item 14, the other bulk jobs): what a big background job on one client costs every other client,
// measured as the import is (bench/import-under-load.mjs, readers and measure in lib.mjs): on Demo (localhost), with
// thousands of members seeded by bench/seed-dashboard.ts at BENCH_JOBS_SCALE of the issue 13/14 volumes (default
// 0.25: 5,000 members with their points, shares, clicks and participations), each job runs alone on a fresh copy of
// the data while a member of Acme (host 127.0.0.1) reads /api/projects and /api/version; ratio = the readers' p99
// during the job ÷ their p99 idle, measured the same way just before (goal ≤ 1.5). The jobs:
// - export: the members report exported as CSV, then as XLSX (POST /api/admin/reports/members/exports);
// - recompute: a new points badge (all time, three tiers), which re-evaluates every member (badges.recompute steps);
// - broadcast: a chat broadcast to every member (fan-out steps, then deliveries into each brand-team conversation).
// After the job the readers go on for BENCH_JOBS_TAIL_SECONDS (default 5): the follow-up jobs it left (badge
// notifications, pushes) show there as the tail's p99.
// Readers warm up for BENCH_JOBS_WARM_UP_SECONDS (default 5) first, unmeasured. BENCH_JOBS_SEED_DIR reuses a data
// directory seeded before. Alone: node bench/jobs-under-load.mjs [export|recompute|broadcast …] (after a build).
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  formatReadsDuringJob,
  login,
  measureReadsDuringJob,
  percentile,
  READER_PACE_MS,
  READERS,
  readPaced,
  startRally,
} from './lib.mjs';

export const JOB_SCENARIOS = ['export', 'recompute', 'broadcast'];
const SCALE = process.env.BENCH_JOBS_SCALE ?? '0.25';
const IDLE_SECONDS = Number(process.env.BENCH_JOBS_IDLE_SECONDS ?? 10);
const WARM_UP_SECONDS = Number(process.env.BENCH_JOBS_WARM_UP_SECONDS ?? 5);
const TAIL_SECONDS = Number(process.env.BENCH_JOBS_TAIL_SECONDS ?? 5);
const GIVE_UP_MS = Number(process.env.BENCH_JOBS_GIVE_UP_SECONDS ?? 600) * 1000;
const PATHS = ['/api/projects', '/api/version'];

const json = async (res, expected, what) => {
  if (res.status !== expected) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return res.json();
};

/** Each job: what to start on Demo, how to tell it finished, and how to say what it did. */
const JOBS = {
  export: ['csv', 'xlsx'].map((format) => ({
    label: `Other client during a members export (${format})`,
    async start(demo, admin) {
      const res = await fetch(`${demo}/api/admin/reports/members/exports`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ format }),
      });
      return (await json(res, 202, 'the export')).export.id;
    },
    async poll(demo, admin, id) {
      const res = await fetch(`${demo}/api/admin/reports/members/exports/${id}`, { headers: admin });
      const { export: e } = await json(res, 200, 'the export status');
      return e.status === 'done' || e.status === 'failed' ? e : null;
    },
    describe: (e) => `export ${e.status}, ${e.rows} rows${e.error ? ` (${e.error})` : ''}`,
  })),
  recompute: [
    {
      label: 'Other client during a badge recompute',
      async start(demo, admin) {
        const res = await fetch(`${demo}/api/admin/badges`, {
          method: 'POST',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Bench recompute',
            criterion: 'points',
            period: 'all',
            tiers: { bronze: 100, silver: 1000, gold: 5000 },
          }),
        });
        return (await json(res, 201, 'the badge')).badge.id;
      },
      async poll(demo, admin, id) {
        const res = await fetch(`${demo}/api/admin/badges/${id}/recompute`, { headers: admin });
        const r = await json(res, 200, 'the recompute status');
        if (r.running) return null;
        const badge = await json(
          await fetch(`${demo}/api/admin/badges/${id}`, { headers: admin }),
          200,
          'the badge',
        );
        return { ...r, earned: badge.badge.earned_count };
      },
      describe: (r) => `${r.done} members evaluated, ${r.earned} earned it`,
    },
  ],
  broadcast: [
    {
      label: 'Other client during a broadcast to all',
      async start(demo, admin) {
        const res = await fetch(`${demo}/api/admin/chat/broadcasts`, {
          method: 'POST',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify({ audience: 'all', body: 'Bench broadcast: hello everyone' }),
        });
        return (await json(res, 201, 'the broadcast')).broadcast.id;
      },
      async poll(demo, admin, id) {
        const res = await fetch(`${demo}/api/admin/chat/broadcasts/${id}`, { headers: admin });
        const { broadcast: b } = await json(res, 200, 'the broadcast status');
        return !b.listing && b.delivered >= b.recipients ? b : null;
      },
      describe: (b) => `${b.delivered}/${b.recipients} delivered`,
    },
  ],
};

const tsx = (args, env) =>
  execFileSync('node_modules/.bin/tsx', args, { encoding: 'utf8', env: { ...process.env, ...env } }).trim();

/** One job on a started server: idle, during and tail readings of Acme's reader. */
async function measureJob(port, job) {
  const demo = `http://localhost:${port}`;
  const acme = `http://127.0.0.1:${port}`;
  const reader = await login(acme, 'member@acme.test');
  const admin = await login(demo, 'admin@demo.test');
  // The server vacuums the embedded database as it starts (a few seconds at these volumes): not part of idle.
  const warmUntil = Date.now() + WARM_UP_SECONDS * 1000;
  await readPaced(acme, reader, PATHS, () => Date.now() >= warmUntil);
  const r = await measureReadsDuringJob({
    origin: acme,
    headers: reader,
    paths: PATHS,
    idleSeconds: IDLE_SECONDS,
    giveUpMs: GIVE_UP_MS,
    start: () => job.start(demo, admin),
    poll: (id) => job.poll(demo, admin, id),
  });
  const tailUntil = Date.now() + TAIL_SECONDS * 1000;
  const tail = await readPaced(acme, reader, PATHS, () => Date.now() >= tailUntil);
  return { ...r, tailP99: percentile(tail.times, 99), tailFailed: tail.failed };
}

/** Seeds once, then runs each named job (export, recompute, broadcast) on its own copy of the data. */
export async function benchJobsUnderLoad(names = JOB_SCENARIOS) {
  console.log(
    `Jobs under load: each job on Demo (seed scale ${SCALE}) while ${READERS} Acme readers send ${PATHS.join(' and ')} every ${READER_PACE_MS} ms each; ratio = p99 during ÷ p99 idle (goal ≤ 1.5)`,
  );
  // BENCH_JOBS_SEED_DIR: a data directory seeded before (kept, only copied), to measure again without seeding.
  const kept = process.env.BENCH_JOBS_SEED_DIR;
  const seedDir = kept ?? mkdtempSync(join(tmpdir(), 'rally-bench-jobs-'));
  try {
    if (!kept) {
      const started = performance.now();
      const seed = JSON.parse(
        tsx(['bench/seed-dashboard.ts', seedDir], { BENCH_PEOPLE_SCALE: SCALE }).split('\n').at(-1),
      );
      console.log(
        `seed: ${seed.members} members, ${seed.ledger} ledger rows, ${seed.clicks} clicks in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
    for (const name of names) {
      for (const job of JOBS[name]) {
        const dataDir = mkdtempSync(join(tmpdir(), 'rally-bench-jobs-run-'));
        cpSync(seedDir, dataDir, { recursive: true });
        const server = await startRally({ DATA_DIR: dataDir });
        try {
          const r = await measureJob(server.port, job);
          console.log(
            formatReadsDuringJob(
              job.label,
              r,
              `job ${r.jobSeconds.toFixed(1)} s: ${job.describe(r.result)}  tail p99 ${r.tailP99.toFixed(0)} ms${r.tailFailed ? ` (non-2xx ${r.tailFailed})` : ''}`,
            ),
          );
        } finally {
          server.child.kill();
          await once(server.child, 'exit');
          rmSync(server.dataDir, { recursive: true, force: true });
          rmSync(dataDir, { recursive: true, force: true });
        }
      }
    }
  } finally {
    if (!kept) rmSync(seedDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((n) => !JOB_SCENARIOS.includes(n));
  if (unknown.length > 0) {
    console.error(`unknown job ${unknown.join(', ')}; known: ${JOB_SCENARIOS.join(', ')}`);
    process.exit(2);
  }
  await benchJobsUnderLoad(asked.length > 0 ? JOB_SCENARIOS.filter((n) => asked.includes(n)) : JOB_SCENARIOS);
}
