// Prepares a data directory for the leaderboard benchmark: the demo people plus 20,000 members of the Demo
// client and 500,000 points ledger rows over the last 120 days (skewed, so the ranking has a long tail and ties).
// The ledger is inserted in one statement with the rollup trigger off, then leaderboard_points is built by one
// INSERT … SELECT … GROUP BY that mirrors the backfill of migration 0003: the trigger's per-row upserts would
// take minutes here (500,000 rows × 3 periods), and what matters to the benchmark is the rollup table it reads.
// Usage: tsx bench/seed-leaderboard.ts <dataDir>  → prints {"clientId","userId"} as JSON (userId: member@demo.test).
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { clients, users } from '../apps/server/src/db/schema/index.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';

const MEMBERS = 20_000;
const LEDGER_ROWS = 500_000;

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: seed-leaderboard.ts <dataDir>');
const database = await openDatabase({ dataDir });
await runMigrations(database);
await seedDemo(database.db);
const db = database.db;
const [client] = await db.select().from(clients).where(eq(clients.name, 'Demo'));
const clientId = client!.id;
const [member] = await db.select().from(users).where(eq(users.email, 'member@demo.test'));
const run = (text: string, params: unknown[] = []) => database.rawQuery(text, params);

await run(
  `insert into users (id, client_id, email, first_name, last_name, email_verified_at, onboarded_at, created_at)
   select gen_random_uuid(), $1, 'lb' || n || '@bench.test', 'Member', n::text, now(), now(), now() - interval '200 days'
   from generate_series(1, ${MEMBERS}) n`,
  [clientId],
);
// Every ranked person of the client (the demo members included), numbered, so ledger rows can pick one.
await run(
  `create temporary table bench_people as
   select (row_number() over (order by id))::int - 1 as i, id from users
   where client_id = $1 and role <> 'APPLICANT'`,
  [clientId],
);
await run('alter table points_ledger disable trigger points_ledger_rollup');
await run(
  `insert into points_ledger (id, client_id, user_id, points, source, created_at)
   select gen_random_uuid(), $1, p.id, 5 * (1 + (g.n % 10)), 'bench:' || g.n,
     now() - (random() * interval '120 days')
   from (select n, floor(power(random(), 2) * (select count(*) from bench_people))::int as i
     from generate_series(1, ${LEDGER_ROWS}) n) g
   join bench_people p on p.i = g.i`,
  [clientId],
);
await run('alter table points_ledger enable trigger points_ledger_rollup');
await run(`INSERT INTO leaderboard_points (client_id, period, period_start, project_id, user_id, points)
SELECT l.client_id, p.period,
  CASE p.period WHEN 'week' THEN date_trunc('week', (l.created_at AT TIME ZONE 'UTC')::date)::date
    WHEN 'month' THEN date_trunc('month', (l.created_at AT TIME ZONE 'UTC')::date)::date
    ELSE DATE '1970-01-01' END,
  pr.project_id, l.user_id, sum(l.points)::int
FROM points_ledger l
CROSS JOIN (VALUES ('week'), ('month'), ('all')) AS p(period)
CROSS JOIN LATERAL (SELECT '00000000-0000-0000-0000-000000000000'::uuid AS project_id
  UNION ALL SELECT l.project_id WHERE l.project_id IS NOT NULL) pr
GROUP BY 1, 2, 3, 4, 5`);
const { rows } = await run('select count(*)::int as n from points_ledger where client_id = $1', [clientId]);
if (Number(rows[0]!.n) < LEDGER_ROWS)
  throw new Error(`expected ${LEDGER_ROWS} ledger rows, got ${rows[0]!.n}`);
// As a long-running database would be: statistics current and dead rows reclaimed.
await run('vacuum analyze');
await database.close();
console.log(JSON.stringify({ clientId, userId: member!.id }));
