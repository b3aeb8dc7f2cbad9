// Issue 13/14 benchmarks on one data directory at the issues' volumes (bench/seed-dashboard.ts: 20,000 members,
// 500,000 ledger rows, 1,000,000 clicks; 20,000 applicants in Acme; BENCH_PEOPLE_SCALE seeds a fraction), each
// against the simplest raw query for the same figures or rows run through the driver in the same run:
// - dashboard: GET /api/admin/dashboard (cached per client, scope and period for 30 s), and its answer computed
//   without the cache, against one GROUP BY of the period's rollups;
// - reports: a report page, GET /api/admin/reports/shares and /members over 90 days (table page, chart and
//   headline, read from report_facts on every request), against one GROUP BY of report_facts for the table's figures;
// - badges: ledger events per second with one badge evaluation each (members evaluated before, and members'
//   first evaluations, which award the tiers they reached), against the raw ledger insert;
// - applicants: GET /api/admin/applicants (the review queue, all and waiting) against its page's rows;
// - users: GET /api/admin/users (newest first, and by name) against its page's rows with their teams.
// The list baselines are the repositories' own query shapes (client as `= any(array[…])`, ordered by client first,
// see modules/users/admin-users.repository.ts): the plainest `client_id = $1 order by id desc` walks the primary key
// across the other client's 20,000 newer rows and would flatter the endpoint.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compare, DURATION, login, measure, startRally } from './lib.mjs';

const tsx = (args) => execFileSync('node_modules/.bin/tsx', args, { encoding: 'utf8' }).trim();
const PAGE = 10;
/** The users list's sort key "name" (modules/users/admin-users.repository.ts). */
const NAME_KEY = `lower(coalesce(nullif(trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), ''), email, ''))`;

/** 20000 → "20k", 1000000 → "1M": the volumes in the scenarios' names. */
const short = (n) =>
  n >= 1e6 ? `${+(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${+(n / 1e3).toFixed(1)}k` : String(n);
/** A page of the users list with each user's teams (part of every row), in the order given. */
const usersPage = (order) =>
  `select id, email, username, first_name, last_name, image_url, role, team_tags, is_active, created_at,
     invited_at, last_active_at,
     coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name))
       from team_members tm join teams t on t.id = tm.team_id where tm.user_id = users.id), '[]'::json) as teams
   from users where client_id = any(array[$1]::uuid[]) and not is_ghost
   order by ${order} limit ${PAGE + 1}`;
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

/** Seeds once, starts Rally on the data and runs the named scenarios (dashboard, reports, badges, applicants, users). */
export async function benchPeopleScenarios(names, children) {
  const dataDir = mkdtempSync(join(tmpdir(), 'rally-bench-people-'));
  const started = performance.now();
  const seed = JSON.parse(tsx(['bench/seed-dashboard.ts', dataDir]).split('\n').at(-1));
  const volumes = `${short(seed.members)}/${short(seed.ledger)}/${short(seed.clicks)}`;
  console.log(
    `seed (scale ${seed.scale}): ${short(seed.members)} members, ${short(seed.ledger)} ledger rows, ${short(seed.clicks)} clicks, ${short(seed.reportFacts)} report_facts rows in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  // The raw baselines (and the badge writes) use a copy: PGlite is one process's database.
  const rawDir = mkdtempSync(join(tmpdir(), 'rally-bench-people-raw-'));
  cpSync(dataDir, rawDir, { recursive: true });
  // The public API's per-key limit (120 a minute) would answer the bench 429: raised for this server only.
  const server = await startRally({ DATA_DIR: dataDir, API_KEY_RATE_PER_MINUTE: '100000000' });
  children.push(server.child);
  // Acme answers on 127.0.0.1 (its configured domain in the demo data), Demo on localhost.
  const acmeUrl = `http://127.0.0.1:${server.port}`;
  const raw = (rows, sql, params) => async () =>
    Number(tsx(['bench/raw-sql.ts', rawDir, String(DURATION), String(rows), sql, JSON.stringify(params)]));
  const run = {
    async dashboard() {
      const auth = await login(server.url, 'admin@demo.test');
      const rawDashboard = async () =>
        Number(tsx(['bench/raw-dashboard.ts', rawDir, seed.clientId, String(DURATION)]));
      await compare(
        `GET /api/admin/dashboard?period=30d (${volumes}) vs raw SQL`,
        () => measure(`${server.url}/api/admin/dashboard?period=30d`, auth),
        rawDashboard,
      );
      await compare(
        'dashboard answer without cache (in-process) vs raw SQL',
        async () => Number(tsx(['bench/dashboard-compute.ts', rawDir, seed.clientId, String(DURATION)])),
        rawDashboard,
      );
    },
    async reports() {
      const auth = await login(server.url, 'admin@demo.test');
      // The last 90 days (UTC), the reports' default range, named so that both sides read the same days.
      const to = isoDay(Date.now());
      const from = isoDay(Date.parse(`${to}T00:00:00Z`) - 89 * 86_400_000);
      for (const report of ['shares', 'members']) {
        await compare(
          `GET /api/admin/reports/${report} 90 days (${volumes}) vs raw SQL`,
          () => measure(`${server.url}/api/admin/reports/${report}?from=${from}&to=${to}`, auth),
          async () =>
            Number(tsx(['bench/raw-reports.ts', rawDir, seed.clientId, report, from, to, String(DURATION)])),
        );
      }
    },
    async badges() {
      const badges = (mode) => async () =>
        Number(tsx(['bench/badges-bench.ts', rawDir, seed.clientId, mode, String(DURATION)]));
      await compare('ledger events + badge evaluation vs raw insert', badges('evaluate'), badges('insert'));
      await compare(
        "ledger events + members' first evaluation (awards) vs raw insert",
        badges('evaluate-first'),
        badges('insert'),
      );
    },
    async applicants() {
      const auth = await login(acmeUrl, 'admin@acme.test');
      const page = (where) =>
        `select ap.id, ap.status, ap.created_at, a.id as application_id, a.title, u.id as user_id, u.email,
           u.first_name, u.last_name, u.image_url
         from applicants ap join users u on u.id = ap.user_id join applications a on a.id = ap.application_id
         where ap.client_id = any(array[$1]::uuid[]) ${where}
         order by ap.client_id desc, ap.id desc limit ${PAGE + 1}`;
      await compare(
        'GET /api/admin/applicants (20k) vs raw SQL',
        () => measure(`${acmeUrl}/api/admin/applicants`, auth),
        raw(PAGE + 1, page(''), [seed.acmeId]),
      );
      await compare(
        'GET /api/admin/applicants?status=pending vs raw SQL',
        () => measure(`${acmeUrl}/api/admin/applicants?status=pending`, auth),
        raw(PAGE + 1, page(`and ap.status = 'pending'`), [seed.acmeId]),
      );
    },
    async users() {
      const auth = await login(server.url, 'admin@demo.test');
      await compare(
        'GET /api/admin/users (20k) vs raw SQL',
        () => measure(`${server.url}/api/admin/users`, auth),
        raw(PAGE + 1, usersPage('client_id desc, id desc'), [seed.clientId]),
      );
      await compare(
        'GET /api/admin/users?sort=name vs raw SQL',
        () => measure(`${server.url}/api/admin/users?sort=name`, auth),
        raw(PAGE + 1, usersPage(`client_id, ${NAME_KEY}, id`), [seed.clientId]),
      );
    },
    async publicapi() {
      // GET /api/v1/members (issue 24): a read key's page of members with their teams, newest first, against the
      // same rows as the admin list's baseline (the endpoint reads them through the same repository).
      const auth = await login(server.url, 'admin@demo.test');
      const res = await fetch(`${server.url}/api/admin/api-keys`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bench', scope: 'read' }),
      });
      if (!res.ok) throw new Error(`creating an API key answered ${res.status}`);
      const key = { authorization: `Bearer ${(await res.json()).token}` };
      await compare(
        'GET /api/v1/members (20k) vs raw SQL',
        () => measure(`${server.url}/api/v1/members?limit=${PAGE}`, key),
        raw(PAGE + 1, usersPage('client_id desc, id desc'), [seed.clientId]),
      );
    },
  };
  for (const name of names) await run[name]();
  // Two copies of about 1.6 GB each: not left behind (once the server has let go of its copy).
  if (server.child.exitCode === null && server.child.signalCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill();
    await exited;
  }
  for (const dir of [dataDir, rawDir]) rmSync(dir, { recursive: true, force: true });
}
