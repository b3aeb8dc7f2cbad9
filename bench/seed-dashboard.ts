// Prepares the data directory of the issue 13/14 benchmarks (dashboard, reports, badges, applicant queue, users
// list) at the issues' volumes: the demo people plus, in the Demo client, 20,000 members in 20 teams, 500,000 points
// ledger rows over 180 days, 100 activities, 50,000 posted shares with 1,000,000 unique clicks, 50,000 completed
// participations and seven automatic badges; in the Acme client, 20,000 applicants of one application form (the
// review queue).
// People and applicants get time-ordered ids (UUIDv7, as the app makes them), so Acme's newer rows sit after Demo's
// in every id index, as in a real shared database. Everything is written by a few set-based statements
// (generate_series) with the row triggers off, then the rollups the triggers would keep (member_daily_metrics,
// leaderboard_points, report_facts, the shares' click counters) are built by one INSERT … SELECT … GROUP BY each, as
// the backfills of migrations 0003, 0009 and 0013 do: per-row trigger upserts would take many minutes here, and the
// benchmarks measure reads of the rollups, not the triggers. BENCH_PEOPLE_SCALE (bench/volumes.ts) seeds a fraction
// of these volumes.
// Usage: tsx bench/seed-dashboard.ts <dataDir> [postgres-url]  → prints {"clientId","acmeId",…} as JSON.
// With a URL it seeds that (empty) PostgreSQL database instead, e.g. to EXPLAIN the dashboard's reads.
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { clients } from '../apps/server/src/db/schema/index.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { PEOPLE_VOLUMES } from './volumes.ts';

const { members: MEMBERS, ledgerRows: LEDGER_ROWS, shares: SHARES, clicks: CLICKS } = PEOPLE_VOLUMES;
const { participations: PARTICIPATIONS, applicants: APPLICANTS } = PEOPLE_VOLUMES;
const TEAMS = 20;
const DAYS = 180;
const ACTIVITIES = 100;
const NETWORKS = `array['linkedin','facebook','twitter','instagram','tiktok']`;

const [dataDir, url] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: seed-dashboard.ts <dataDir> [postgres-url]');
const started = performance.now();
const database = await openDatabase(url ? { url } : { dataDir });
await runMigrations(database);
await seedDemo(database.db);
const clientIdOf = async (name: string) =>
  (await database.db.select().from(clients).where(eq(clients.name, name)))[0]!.id;
const clientId = await clientIdOf('Demo');
const acmeId = await clientIdOf('Acme');
const run = (text: string, params: unknown[] = []) => database.rawQuery(text, params);
const step = (label: string) =>
  console.error(`seed: ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

// People: 20,000 members, spread over 20 teams.
await run(
  `insert into users (id, client_id, email, first_name, last_name, email_verified_at, onboarded_at, created_at,
     last_active_at)
   select rally_uuidv7(), $1, 'db' || n || '@bench.test', 'Member', n::text, now(), now(),
     now() - interval '200 days', now() - random() * interval '60 days'
   from generate_series(1, ${MEMBERS}) n`,
  [clientId],
);
await run(
  `insert into teams (id, client_id, name)
   select gen_random_uuid(), $1, 'Bench team ' || n from generate_series(1, ${TEAMS}) n`,
  [clientId],
);
await run('alter table team_members disable trigger user');
await run(
  `insert into team_members (client_id, team_id, user_id)
   select $1, t.id, u.id
   from (select id, row_number() over (order by id) % ${TEAMS} as k from users
     where client_id = $1 and email like '%@bench.test') u
   join (select id, row_number() over (order by id) % ${TEAMS} as k from teams
     where client_id = $1 and name like 'Bench team %') t on t.k = u.k`,
  [clientId],
);
await run('alter table team_members enable trigger user');
// Every counted person of the client (the demo members included), numbered, so generated rows can pick one.
await run(
  `create temporary table bench_people as
   select (row_number() over (order by id))::int - 1 as i, id from users
   where client_id = $1 and role <> 'APPLICANT' and not is_ghost`,
  [clientId],
);
const pick = `floor(power(random(), 2) * (select count(*) from bench_people))::int`; // skewed: a few do most
step('people');

// The points ledger: 500,000 rows over 180 days.
await run('alter table points_ledger disable trigger user');
await run(
  `insert into points_ledger (id, client_id, user_id, points, source, created_at)
   select gen_random_uuid(), $1, p.id, 5 * (1 + (g.n % 10)), 'bench:' || g.n,
     now() - (random() * interval '${DAYS} days')
   from (select n, ${pick} as i from generate_series(1, ${LEDGER_ROWS}) n) g
   join bench_people p on p.i = g.i`,
  [clientId],
);
await run('alter table points_ledger enable trigger user');
step('ledger');

// Content: 100 activities of one project; 50,000 posted shares; 1,000,000 unique clicks on them.
const { rows } = await run(
  `insert into projects (id, client_id, name) values (gen_random_uuid(), $1, 'Bench project') returning id`,
  [clientId],
);
const projectId = rows[0]!.id;
await run(
  `insert into activities (id, client_id, project_id, type, title)
   select gen_random_uuid(), $1, $2,
     (array['social_post','general_participation','content_submission','training'])[1 + n % 4], 'Bench activity ' || n
   from generate_series(1, ${ACTIVITIES}) n`,
  [clientId, projectId],
);
await run(
  `create temporary table bench_activities as
   select (row_number() over (order by id))::int - 1 as i, id from activities where project_id = $1`,
  [projectId],
);
await run('alter table shares disable trigger user');
await run(
  `insert into shares (id, client_id, user_id, activity_id, channel, text, shared_at)
   select gen_random_uuid(), $1, p.id, a.id, g.channel, 'bench', now() - random() * interval '${DAYS} days'
   from (select ${pick} as i, floor(random() * ${ACTIVITIES})::int as ai,
       (${NETWORKS})[1 + (random() * 4)::int] as channel
     from generate_series(1, ${SHARES})) g
   join bench_people p on p.i = g.i
   join bench_activities a on a.i = g.ai
   on conflict do nothing`,
  [clientId],
);
await run(
  `create temporary table bench_shares as
   select (row_number() over (order by id))::int - 1 as i, id, shared_at from shares where client_id = $1`,
  [clientId],
);
await run('alter table share_clicks disable trigger user');
await run(
  `insert into share_clicks (client_id, share_id, visitor_hash, created_at)
   select $1, s.id, 'v' || g.n, least(now(), s.shared_at + random() * interval '14 days')
   from (select n, floor(power(random(), 2) * (select count(*) from bench_shares))::int as i
     from generate_series(1, ${CLICKS}) n) g
   join bench_shares s on s.i = g.i`,
  [clientId],
);
await run('alter table share_clicks enable trigger user');
await run(
  `update shares s set clicks = c.n from (select share_id, count(*)::int as n from share_clicks
     where client_id = $1 group by share_id) c where c.share_id = s.id`,
  [clientId],
);
await run('alter table shares enable trigger user');
step('shares and clicks');

await run('alter table participations disable trigger user');
await run(
  `insert into participations (id, client_id, activity_id, user_id, status, is_complete, created_at, updated_at)
   select gen_random_uuid(), $1, a.id, p.id, 'completed', true, g.at, g.at
   from (select ${pick} as i, floor(random() * ${ACTIVITIES})::int as ai,
       now() - random() * interval '${DAYS} days' as at
     from generate_series(1, ${PARTICIPATIONS})) g
   join bench_people p on p.i = g.i
   join bench_activities a on a.i = g.ai
   on conflict do nothing`,
  [clientId],
);
await run('alter table participations enable trigger user');
step('participations');

// The rollups the triggers keep, built once (migration 0009's and 0003's backfills, for this client).
await run(
  `insert into member_daily_metrics (client_id, user_id, day, metric, value)
   select client_id, user_id, day, metric, sum(value)::int from (
     select client_id, user_id, (created_at at time zone 'UTC')::date as day, 'points' as metric, points as value
       from points_ledger where client_id = $1 and source like 'bench:%'
     union all
     select client_id, user_id, (shared_at at time zone 'UTC')::date, 'shares:' || channel, 1
       from shares where client_id = $1 and text = 'bench'
     union all
     select c.client_id, s.user_id, (c.created_at at time zone 'UTC')::date, 'clicks', 1
       from share_clicks c join shares s on s.id = c.share_id where c.client_id = $1 and c.visitor_hash like 'v%'
     union all
     select pa.client_id, pa.user_id, (pa.updated_at at time zone 'UTC')::date, 'activities:' || a.type, 1
       from participations pa join activities a on a.id = pa.activity_id where a.project_id = $2
   ) src
   group by client_id, user_id, day, metric
   on conflict (user_id, day, metric) do update set value = member_daily_metrics.value + excluded.value`,
  [clientId, projectId],
);
await run(
  `insert into leaderboard_points (client_id, period, period_start, project_id, user_id, points)
   select l.client_id, p.period,
     case p.period when 'week' then date_trunc('week', (l.created_at at time zone 'UTC')::date)::date
       when 'month' then date_trunc('month', (l.created_at at time zone 'UTC')::date)::date
       else date '1970-01-01' end,
     '00000000-0000-0000-0000-000000000000'::uuid, l.user_id, sum(l.points)::int
   from points_ledger l cross join (values ('week'), ('month'), ('all')) as p(period)
   where l.client_id = $1 and l.source like 'bench:%'
   group by 1, 2, 3, 4, 5
   on conflict do nothing`,
  [clientId],
);
// The reports' rollup (migration 0013's backfill, for this client's generated rows): points under their project
// (none here), shares and clicks under the share's activity, project, type and network, completions under the
// activity (the generated participations hold no quiz, so no quiz rows).
await run(
  `insert into report_facts (client_id, user_id, day, project_id, activity_id, activity_type, network, metric, value)
   select client_id, user_id, day, project_id, activity_id, activity_type, network, metric, sum(value)::int from (
     select client_id, user_id, (created_at at time zone 'UTC')::date as day,
       coalesce(project_id, '00000000-0000-0000-0000-000000000000') as project_id,
       '00000000-0000-0000-0000-000000000000'::uuid as activity_id, '' as activity_type, '' as network,
       'points' as metric, points as value
       from points_ledger where client_id = $1 and source like 'bench:%'
     union all
     select s.client_id, s.user_id, (s.shared_at at time zone 'UTC')::date, a.project_id, s.activity_id, a.type,
       s.channel, 'shares', 1
       from shares s join activities a on a.id = s.activity_id
       where s.client_id = $1 and s.text = 'bench' and s.shared_at is not null
     union all
     select c.client_id, s.user_id, (c.created_at at time zone 'UTC')::date, a.project_id, s.activity_id, a.type,
       s.channel, 'clicks', 1
       from share_clicks c join shares s on s.id = c.share_id join activities a on a.id = s.activity_id
       where c.client_id = $1 and c.visitor_hash like 'v%'
     union all
     select pa.client_id, pa.user_id, (coalesce(pa.reviewed_at, pa.updated_at) at time zone 'UTC')::date,
       a.project_id, pa.activity_id, a.type, '', 'completions', 1
       from participations pa join activities a on a.id = pa.activity_id
       where a.project_id = $2 and pa.is_complete
   ) src
   group by client_id, user_id, day, project_id, activity_id, activity_type, network, metric
   on conflict (user_id, day, project_id, activity_id, network, metric)
   do update set value = report_facts.value + excluded.value`,
  [clientId, projectId],
);
step('rollups');

// Badges of several criteria and tiers, for the badge evaluation benchmark.
await run(
  `insert into badges (id, client_id, name, criterion, period, thresholds, position)
   select gen_random_uuid(), $1, b.name, b.criterion, b.period, b.thresholds::int[], b.position
   from (values ('Bench weekly points', 'points', 'week', '{100,250,500}', 100),
     ('Bench monthly points', 'points', 'month', '{500,1000,2500}', 101),
     ('Bench all-time points', 'points', 'all', '{1000,5000,10000}', 102),
     ('Bench sharer', 'shares', null, '{1,10,50}', 103),
     ('Bench reach', 'clicks', null, '{10,100,1000}', 104),
     ('Bench doer', 'activities', null, '{1,10,25}', 105),
     ('Bench streak', 'streak', null, '{2,4,8}', 106)) as b(name, criterion, period, thresholds, position)`,
  [clientId],
);

// Acme's review queue: 20,000 applicants (APPLICANT accounts) of one form, most waiting.
const form = await run(
  `insert into applications (id, client_id, title) values (gen_random_uuid(), $1, 'Bench form') returning id`,
  [acmeId],
);
await run(
  `insert into users (id, client_id, email, first_name, last_name, role, email_verified_at, created_at)
   select rally_uuidv7(), $1, 'ap' || n || '@bench.test', 'Applicant', n::text, 'APPLICANT', now(),
     now() - (n || ' minutes')::interval
   from generate_series(1, ${APPLICANTS}) n`,
  [acmeId],
);
await run(
  `insert into applicants (id, client_id, application_id, user_id, status, answers, created_at)
   select rally_uuidv7(), $1, $2, u.id,
     (array['pending','pending','pending','info_requested','approved','rejected'])[1 + (random() * 5)::int],
     '{"why":"I like the brand"}'::jsonb, u.created_at
   from users u where u.client_id = $1 and u.email like 'ap%@bench.test'`,
  [acmeId, form.rows[0]!.id],
);
step('applicants');

const count = async (sql: string) => Number((await run(sql, [clientId])).rows[0]!.n);
const volumes = {
  members: await count(`select count(*) as n from users where client_id = $1 and email like '%@bench.test'`),
  ledger: await count(`select count(*) as n from points_ledger where client_id = $1`),
  clicks: await count(`select count(*) as n from share_clicks where client_id = $1`),
  reportFacts: await count(`select count(*) as n from report_facts where client_id = $1`),
};
if (
  volumes.members < MEMBERS ||
  volumes.ledger < LEDGER_ROWS ||
  volumes.clicks < CLICKS ||
  volumes.reportFacts === 0
)
  throw new Error(`seeded less than asked: ${JSON.stringify(volumes)}`);
// As a long-running database would be: statistics current and dead rows reclaimed.
await run('vacuum analyze');
await database.close();
step('done');
console.log(JSON.stringify({ clientId, acmeId, projectId, scale: PEOPLE_VOLUMES.scale, ...volumes }));
