// B10 (issue 23, item 14): what a big CSV user import on one client costs every other client. A 5,000-row import by
// admin@demo.test runs on the embedded database while a member of the other demo client (Acme, host 127.0.0.1)
// reads its projects and the version endpoint; the readers' p99 during the import is compared with their p99 idle,
// measured the same way just before (the readers and the measure live in lib.mjs, shared with jobs-under-load.mjs).
// Alone: node bench/import-under-load.mjs (after a build).
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  formatReadsDuringJob,
  login,
  measureReadsDuringJob,
  READER_PACE_MS,
  READERS,
  startRally,
} from './lib.mjs';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000);
const IDLE_SECONDS = Number(process.env.BENCH_IMPORT_IDLE_SECONDS ?? 10);
const GIVE_UP_MS = 180_000;

function csvOf(rows) {
  const lines = ['email,first_name,last_name,role'];
  for (let i = 0; i < rows; i++) lines.push(`bench-import-${i}@example.test,Bench,Person ${i},USER`);
  return `${lines.join('\n')}\n`;
}

/** Runs the idle and the during-import readings against a started server (Demo on localhost, Acme on 127.0.0.1). */
export async function measureImportUnderLoad(port) {
  const demo = `http://localhost:${port}`;
  const acme = `http://127.0.0.1:${port}`;
  const reader = await login(acme, 'member@acme.test');
  const admin = await login(demo, 'admin@demo.test');
  const r = await measureReadsDuringJob({
    origin: acme,
    headers: reader,
    paths: ['/api/projects', '/api/version'],
    idleSeconds: IDLE_SECONDS,
    giveUpMs: GIVE_UP_MS,
    async start() {
      const res = await fetch(`${demo}/api/admin/users/imports`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'text/csv' },
        body: csvOf(ROWS),
      });
      if (res.status !== 202) throw new Error(`the import answered ${res.status}: ${await res.text()}`);
      return (await res.json()).import.id;
    },
    async poll(id) {
      const body = await (await fetch(`${demo}/api/admin/users/imports/${id}`, { headers: admin })).json();
      return body.import.status !== 'running' ? body.import : null;
    },
  });
  return {
    ...r,
    importSeconds: r.jobSeconds,
    invited: r.result.invited?.length ?? 0,
    status: r.result.status,
  };
}

export async function benchImportUnderLoad() {
  console.log(
    `Import under load: ${ROWS}-row CSV import on Demo while ${READERS} Acme readers send /api/projects and /api/version every ${READER_PACE_MS} ms each; ratio = p99 during ÷ p99 idle (goal ≤ 1.5)`,
  );
  const server = await startRally();
  try {
    const r = await measureImportUnderLoad(server.port);
    console.log(
      formatReadsDuringJob(
        'Other client during a 5,000-row import',
        r,
        `import ${r.status} in ${r.importSeconds.toFixed(1)} s, ${r.invited} invited`,
      ),
    );
  } finally {
    server.child.kill();
    await once(server.child, 'exit');
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchImportUnderLoad();
