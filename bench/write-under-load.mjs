// B7: writes under read load (issue 9, item 2). 100 connections read GET /api/feed as member@demo.test while four
// writers as lead@demo.test loop (a post, a comment on one feed post, a reaction on it, 50 ms apart), on the embedded
// database and on PostgreSQL. Alone: node bench/write-under-load.mjs (RALLY_SERVER=<other build>/server.js).
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { login, startRally } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const READERS = 100;
const WRITERS = 4;
const PAUSE_MS = 50;
/** A request unanswered this long counts as timed out (autocannon's `timeout: 10` for the reads). */
const TOO_LONG_MS = 10_000;
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KINDS = ['like', 'love', 'celebrate', 'insightful'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** One writer until `until`: its writes' statuses (0: no answer) and times go into `writes`. */
async function writer(url, auth, postId, until, writes) {
  const headers = { ...auth, 'content-type': 'application/json' };
  const tag = randomBytes(3).toString('hex');
  const steps = [
    (n) => ['POST', '/api/posts', { body: `Bench post ${tag} ${n}` }],
    (n) => ['POST', `/api/posts/${postId}/comments`, { body: `Bench comment ${tag} ${n}` }],
    (n) => ['PUT', `/api/posts/${postId}/reaction`, { kind: KINDS[n % KINDS.length] }],
  ];
  for (let n = 0; Date.now() < until; n++) {
    for (const step of steps) {
      if (Date.now() >= until) return;
      const [method, path, body] = step(n);
      const started = performance.now();
      let status = 0;
      try {
        const res = await fetch(`${url}${path}`, { method, headers, body: JSON.stringify(body) });
        await res.arrayBuffer();
        status = res.status;
      } catch {}
      writes.push({ status, ms: performance.now() - started });
      await sleep(PAUSE_MS);
    }
  }
}

/** Runs the load against a started server and answers its numbers. */
export async function measureWritesUnderLoad(url, seconds = SECONDS) {
  const readAuth = await login(url, 'member@demo.test');
  const writeAuth = await login(url, 'lead@demo.test');
  const { posts } = await (await fetch(`${url}/api/feed`, { headers: writeAuth })).json();
  const until = Date.now() + seconds * 1000;
  const writes = [];
  const [reads] = await Promise.all([
    autocannon({
      url: `${url}/api/feed`,
      headers: readAuth,
      connections: READERS,
      duration: seconds,
      timeout: 10,
    }),
    ...Array.from({ length: WRITERS }, (_, i) =>
      writer(url, writeAuth, posts[i % posts.length].id, until, writes),
    ),
  ]);
  const answered = writes.filter((w) => w.status > 0).map((w) => w.ms);
  answered.sort((a, b) => a - b);
  const writeP99 = percentile(answered, 99);
  const status = (code) => reads.statusCodeStats[code]?.count ?? 0;
  return {
    ratio: writeP99 / reads.latency.p99,
    writeP50: percentile(answered, 50),
    writeP99,
    writeMax: answered.at(-1) ?? Number.NaN,
    writesDone: writes.filter((w) => w.status >= 200 && w.status < 300).length,
    writesOther: writes.filter((w) => w.status !== 503 && (w.status < 200 || w.status >= 300)).length,
    feedRps: reads.requests.average,
    feedP99: reads.latency.p99,
    overTen: reads.timeouts + writes.filter((w) => w.ms > TOO_LONG_MS).length,
    busy: status(503) + writes.filter((w) => w.status === 503).length,
    readsOther: reads.non2xx - status(503) + reads.errors - reads.timeouts,
  };
}

function print(name, r) {
  const ms = (x) => x.toFixed(0);
  const other = r.writesOther + r.readsOther;
  console.log(
    `${name.padEnd(34)} ratio ${r.ratio.toFixed(2)}  write p50/p99/max ${ms(r.writeP50)}/${ms(r.writeP99)}/${ms(r.writeMax)} ms (${r.writesDone} done)  feed ${r.feedRps.toFixed(0)} req/s p99 ${ms(r.feedP99)} ms  >10 s ${r.overTen}  503 ${r.busy}${other ? `  other errors ${other}` : ''}`,
  );
}

/** Stops a server started by startRally and removes its data directory. */
async function stop({ child, dataDir }) {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill();
    await once(child, 'exit');
  }
  rmSync(dataDir, { recursive: true, force: true });
}

/** Runs `fn` on a fresh PostgreSQL database (dropped afterwards); answers why not when PostgreSQL is unreachable. */
async function withFreshPostgres(fn) {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5_000 });
  const name = `rally_bench_${randomBytes(4).toString('hex')}`;
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.end().catch(() => {});
    return { skipped: `${PG_ADMIN_URL}: ${error.message}` };
  }
  try {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    return await fn(url.href);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** B7 on the embedded database, then on PostgreSQL (skipped, with the reason, when it is unreachable). */
export async function benchWritesUnderLoad() {
  console.log(
    `Writes under load: ${READERS} connections on GET /api/feed + ${WRITERS} writers (post, comment, reaction), ${SECONDS} s; ratio = write p99 ÷ feed p99`,
  );
  const embedded = await startRally();
  try {
    print('Writes under feed load, embedded', await measureWritesUnderLoad(embedded.url));
  } finally {
    await stop(embedded);
  }
  const onPostgres = await withFreshPostgres(async (databaseUrl) => {
    const server = await startRally({ DATABASE_URL: databaseUrl });
    try {
      print('Writes under feed load, PostgreSQL', await measureWritesUnderLoad(server.url));
    } finally {
      await stop(server);
    }
  });
  if (onPostgres?.skipped) console.log(`Writes under feed load, PostgreSQL: skipped (${onPostgres.skipped})`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchWritesUnderLoad();
