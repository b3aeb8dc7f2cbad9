// Shared helpers of the benchmarks: processes, ports and autocannon runs.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

export async function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts the production build of Rally on a fresh data directory; resolves when it answers. RALLY_SERVER points
 * at another build's server.js (e.g. an older commit's, for before-and-after numbers).
 */
export async function startRally(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'rally-bench-'));
  const child = spawn(process.execPath, [process.env.RALLY_SERVER ?? 'apps/server/dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/version`)).ok) return { url, port, dataDir, child };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('Rally did not start');
}

/** Logs a demo account in (password rally-demo) and answers its Authorization header. */
export async function login(url, email) {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'rally-demo' }),
  });
  if (!res.ok) throw new Error(`login of ${email} answered ${res.status}`);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/** Starts the bare node:http baseline answering a body of `size` bytes. */
export async function startBare(size) {
  const child = spawn(
    process.execPath,
    [new URL('./bare-server.mjs', import.meta.url).pathname, String(size)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise((resolve) =>
    child.stdout.once('data', (d) => resolve(Number(String(d).trim()))),
  );
  return { url: `http://127.0.0.1:${port}`, child };
}

/** Requests per second of one autocannon run; fails on any non-2xx answer. */
export async function measure(url, headers = {}) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** Runs target and baseline alternately (twice each) and answers the ratio of their means. */
export async function compare(name, target, baseline) {
  const t = [];
  const b = [];
  for (let round = 0; round < 2; round++) {
    b.push(await baseline());
    t.push(await target());
  }
  const mean = (xs) => xs.reduce((a, x) => a + x, 0) / xs.length;
  const ratio = mean(t) / mean(b);
  console.log(
    `${name.padEnd(34)} ${mean(t).toFixed(0).padStart(7)} req/s  baseline ${mean(b).toFixed(0).padStart(7)} req/s  ratio ${ratio.toFixed(2)}`,
  );
  return ratio;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The p-th percentile (nearest rank) of ascending `sorted`. */
export const percentile = (sorted, p) =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/**
 * Another client going about its day: READERS loops, each sending its next request READER_PACE_MS after the previous
 * one was sent, or at once when it answered later (well below what the server can take; a stall shows as one long
 * request).
 */
export const READERS = 4;
export const READER_PACE_MS = 20;

/** READERS loops over `paths` until `done()`; answers the sorted times (ms) and the count of non-2xx answers. */
export async function readPaced(origin, headers, paths, done) {
  const times = [];
  let failed = 0;
  await Promise.all(
    Array.from({ length: READERS }, async (_, i) => {
      for (let n = i; !done(); n++) {
        const started = performance.now();
        const res = await fetch(`${origin}${paths[n % paths.length]}`, { headers });
        await res.arrayBuffer();
        if (!res.ok) failed++;
        const took = performance.now() - started;
        times.push(took);
        if (took < READER_PACE_MS) await sleep(READER_PACE_MS - took);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { times, failed };
}

/**
 * What a background job costs another client's readers: paced reads of `paths` on `origin` for `idleSeconds`, then
 * `start()` (which starts the job and answers whatever `poll` needs), then the same reads until `poll(started)`
 * answers the finished job (anything but null/undefined; it is asked every `pollMs`) or `giveUpMs` passes.
 * Answers idle and during percentiles, ratio = p99 during ÷ p99 idle, the job's seconds and what `poll` answered.
 */
export async function measureReadsDuringJob({
  origin,
  headers,
  paths,
  idleSeconds,
  start,
  poll,
  giveUpMs = 180_000,
  pollMs = 250,
}) {
  const idleUntil = Date.now() + idleSeconds * 1000;
  const idle = await readPaced(origin, headers, paths, () => Date.now() >= idleUntil);

  const startedAt = performance.now();
  const handle = await start();
  let finished = null;
  let jobMs = Number.NaN;
  const watch = (async () => {
    while (finished === null && performance.now() - startedAt < giveUpMs) {
      await sleep(pollMs);
      const answer = await poll(handle);
      if (answer !== null && answer !== undefined) {
        finished = answer;
        jobMs = performance.now() - startedAt;
      }
    }
  })();
  const busy = await readPaced(
    origin,
    headers,
    paths,
    () => finished !== null || performance.now() - startedAt > giveUpMs,
  );
  await watch;
  if (finished === null) throw new Error(`the job did not finish in ${giveUpMs / 1000} s`);
  return {
    idleP50: percentile(idle.times, 50),
    idleP99: percentile(idle.times, 99),
    busyP50: percentile(busy.times, 50),
    busyP99: percentile(busy.times, 99),
    busyMax: busy.times.at(-1) ?? Number.NaN,
    ratio: percentile(busy.times, 99) / percentile(idle.times, 99),
    failed: idle.failed + busy.failed,
    requests: busy.times.length,
    jobSeconds: jobMs / 1000,
    result: finished,
  };
}

/** One line of a measureReadsDuringJob result: `label`, the ratio and times, then `job` (what the job did). */
export function formatReadsDuringJob(label, r, job) {
  const ms = (x) => x.toFixed(0);
  return `${label.padEnd(34)} ratio ${r.ratio.toFixed(2)}  p50/p99 idle ${ms(r.idleP50)}/${ms(r.idleP99)} ms, during ${ms(r.busyP50)}/${ms(r.busyP99)} ms (max ${ms(r.busyMax)}, ${r.requests} requests)  ${job}${r.failed ? `  non-2xx ${r.failed}` : ''}`;
}
