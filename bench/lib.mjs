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
