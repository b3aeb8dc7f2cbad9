// npm run bench: each endpoint as a ratio to a baseline measured side by side in the same run.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compare, DURATION, login, measure, startBare, startRally } from './lib.mjs';
import { benchLighthouse } from './lighthouse.mjs';
import { benchWritesUnderLoad } from './write-under-load.mjs';

const tsx = (args) => execFileSync('node_modules/.bin/tsx', args, { encoding: 'utf8' }).trim();

console.log(`Rally bench (${DURATION} s per run, each target and baseline run twice, alternating)`);
const children = [];
try {
  // Shell: bootstrap and me against a bare node:http server answering a body of the same size.
  const rally = await startRally();
  children.push(rally.child);
  const auth = await login(rally.url, 'member@demo.test');
  const bootstrapSize = (await (await fetch(`${rally.url}/api/bootstrap`)).text()).length;
  const meSize = (await (await fetch(`${rally.url}/api/me`, { headers: auth })).text()).length;
  const bareBootstrap = await startBare(bootstrapSize);
  const bareMe = await startBare(meSize);
  children.push(bareBootstrap.child, bareMe.child);
  await compare(
    'GET /api/bootstrap vs bare http',
    () => measure(`${rally.url}/api/bootstrap`),
    () => measure(bareBootstrap.url),
  );
  await compare(
    'GET /api/me vs bare http',
    () => measure(`${rally.url}/api/me`, auth),
    () => measure(bareMe.url),
  );
  rally.child.kill();

  // Projects: 200 projects and 2,000 activities, against the same SQL run raw through the driver.
  const dataDir = mkdtempSync(join(tmpdir(), 'rally-bench-projects-'));
  const { clientId, userId } = JSON.parse(tsx(['bench/seed-projects.ts', dataDir]).split('\n').at(-1));
  const rawDir = mkdtempSync(join(tmpdir(), 'rally-bench-raw-'));
  cpSync(dataDir, rawDir, { recursive: true });
  const big = await startRally({ DATA_DIR: dataDir });
  children.push(big.child);
  const benchAuth = await login(big.url, 'bench@demo.test');
  await compare(
    'GET /api/projects (200/2,000) vs raw SQL',
    () => measure(`${big.url}/api/projects`, benchAuth),
    async () => Number(tsx(['bench/raw-projects.ts', rawDir, clientId, userId, String(DURATION)])),
  );

  // Leaderboard: 20,000 members and 500,000 ledger rows, a page of this week and of all time (with the member's
  // own rank), against the page's rows fetched by its SQL run raw through the driver.
  const lbDir = mkdtempSync(join(tmpdir(), 'rally-bench-leaderboard-'));
  const lb = JSON.parse(tsx(['bench/seed-leaderboard.ts', lbDir]).split('\n').at(-1));
  const lbRawDir = mkdtempSync(join(tmpdir(), 'rally-bench-leaderboard-raw-'));
  cpSync(lbDir, lbRawDir, { recursive: true });
  const board = await startRally({ DATA_DIR: lbDir });
  children.push(board.child);
  const lbAuth = await login(board.url, 'member@demo.test');
  for (const period of ['week', 'all']) {
    await compare(
      `GET /api/leaderboard ${period} (20k/500k) vs raw SQL`,
      () => measure(`${board.url}/api/leaderboard?period=${period}`, lbAuth),
      async () => Number(tsx(['bench/raw-leaderboard.ts', lbRawDir, lb.clientId, period, String(DURATION)])),
    );
  }
  board.child.kill();

  // Feed: a page of 10 deep (halfway) in a feed of 100,000 posts, against the same rows fetched raw by keyset.
  const feedDir = mkdtempSync(join(tmpdir(), 'rally-bench-feed-'));
  const feed = JSON.parse(tsx(['bench/seed-feed.ts', feedDir]).split('\n').at(-1));
  const feedRawDir = mkdtempSync(join(tmpdir(), 'rally-bench-feed-raw-'));
  cpSync(feedDir, feedRawDir, { recursive: true });
  const feedServer = await startRally({ DATA_DIR: feedDir });
  children.push(feedServer.child);
  const feedAuth = await login(feedServer.url, 'bench@demo.test');
  await compare(
    'GET /api/feed?limit=10&cursor=<deep> (100,000 posts) vs raw SQL',
    () => measure(`${feedServer.url}/api/feed?limit=10&cursor=${feed.cursor}`, feedAuth),
    async () => Number(tsx(['bench/raw-feed.ts', feedRawDir, feed.clientId, feed.cursor, String(DURATION)])),
  );
  feedServer.child.kill();
} finally {
  for (const c of children) c.kill();
}

// B7: writes under read load (issue 9, item 2), on the embedded database and on PostgreSQL.
await benchWritesUnderLoad();

// Lighthouse mobile on the pages members open first (issue 11, item 3).
await benchLighthouse();
