// npm run bench: each endpoint as a ratio to a baseline measured side by side in the same run.
// `node bench/run.mjs [scenario…]` runs only the named scenarios (after a build); with none, all of them, in order:
// shell, projects, leaderboard, feed, scim, dashboard, reports, badges, applicants, users, publicapi, chat, writes, import, export,
// recompute, broadcast, lighthouse.
// BENCH_PEOPLE_SCALE (0 < scale ≤ 1, default 1) seeds a fraction of the issue 13/14 volumes, for a quick check.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchChatLive } from './chat-live.mjs';
import { benchImportUnderLoad } from './import-under-load.mjs';
import { benchJobsUnderLoad, JOB_SCENARIOS } from './jobs-under-load.mjs';
import { compare, DURATION, login, measure, startBare, startRally } from './lib.mjs';
import { benchLighthouse } from './lighthouse.mjs';
import { benchPeopleScenarios } from './people.mjs';
import { benchScim } from './scim.mjs';
import { benchWritesUnderLoad } from './write-under-load.mjs';

const tsx = (args) => execFileSync('node_modules/.bin/tsx', args, { encoding: 'utf8' }).trim();

/** Scenarios that start Rally servers; each pushes the processes it starts onto `children`. */
const SERVER_SCENARIOS = {
  // Shell: bootstrap and me against a bare node:http server answering a body of the same size.
  async shell(children) {
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
  },

  // Projects: 200 projects and 2,000 activities, against the same SQL run raw through the driver.
  async projects(children) {
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
    big.child.kill();
  },

  // Leaderboard: 20,000 members and 500,000 ledger rows, a page of this week and of all time (with the member's
  // own rank), against the page's rows fetched by its SQL run raw through the driver.
  async leaderboard(children) {
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
        async () =>
          Number(tsx(['bench/raw-leaderboard.ts', lbRawDir, lb.clientId, period, String(DURATION)])),
      );
    }
    board.child.kill();
  },

  // Feed: a page of 10 deep (halfway) in a feed of 100,000 posts, against the same rows fetched raw by keyset.
  async feed(children) {
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
      async () =>
        Number(tsx(['bench/raw-feed.ts', feedRawDir, feed.clientId, feed.cursor, String(DURATION)])),
    );
    feedServer.child.kill();
  },

  // SCIM user creation per second (issue 24): POST /scim/v2/Users as Entra ID sends it, against the same rows
  // inserted raw through the driver.
  async scim(children) {
    const rally = await startRally();
    children.push(rally.child);
    await benchScim(rally);
    rally.child.kill();
  },
};

/**
 * The issue 13/14 scenarios: they share one seeded data directory at the issues' volumes (bench/people.mjs). Reports
 * run before badges, whose ledger writes go into the copy the raw baselines read.
 */
const PEOPLE_SCENARIOS = ['dashboard', 'reports', 'badges', 'applicants', 'users', 'publicapi'];
/** Scenarios that manage their own processes. */
const OTHER_SCENARIOS = {
  // B9: chat delivery over SSE on both buses, and a history page (issue 12).
  chat: benchChatLive,
  // B7: writes under read load (issue 9, item 2), on the embedded database and on PostgreSQL.
  writes: benchWritesUnderLoad,
  // B10: another client's reads during a 5,000-row CSV import (issue 23, item 14).
  import: benchImportUnderLoad,
  // Lighthouse mobile on the pages members open first (issue 11, item 3).
  lighthouse: benchLighthouse,
};
/**
 * B11: another client's reads during the other bulk jobs (issue 23, item 14): a members report export (CSV and
 * XLSX), a badge recompute and a broadcast to all, over thousands of members seeded once (bench/jobs-under-load.mjs);
 * they run after import.
 */
const OTHER_NAMES = Object.keys(OTHER_SCENARIOS);
const AFTER_IMPORT = OTHER_NAMES.indexOf('import') + 1;
const ALL = [
  ...Object.keys(SERVER_SCENARIOS),
  ...PEOPLE_SCENARIOS,
  ...OTHER_NAMES.slice(0, AFTER_IMPORT),
  ...JOB_SCENARIOS,
  ...OTHER_NAMES.slice(AFTER_IMPORT),
];

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !ALL.includes(name));
if (unknown.length > 0) {
  console.error(`unknown scenario ${unknown.join(', ')}; known: ${ALL.join(', ')}`);
  process.exit(2);
}
const selected = asked.length > 0 ? ALL.filter((name) => asked.includes(name)) : ALL;

console.log(
  `Rally bench (${DURATION} s per run, each target and baseline run twice, alternating): ${selected.join(', ')}`,
);
const children = [];
try {
  for (const name of selected) if (SERVER_SCENARIOS[name]) await SERVER_SCENARIOS[name](children);
  const people = PEOPLE_SCENARIOS.filter((name) => selected.includes(name));
  if (people.length > 0) await benchPeopleScenarios(people, children);
} finally {
  for (const c of children) c.kill();
}
const jobs = JOB_SCENARIOS.filter((name) => selected.includes(name));
for (const name of selected) {
  if (OTHER_SCENARIOS[name]) await OTHER_SCENARIOS[name]();
  // The job scenarios share one seed: all of them run at the first one's place.
  else if (name === jobs[0]) await benchJobsUnderLoad(jobs);
}
