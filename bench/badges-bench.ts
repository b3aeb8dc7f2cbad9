// Badge evaluation per ledger event (issue 13): ledger rows are inserted one by one for random members, as the
// app's events write them (each row's triggers keep the rollups and ask for a badge evaluation), and the durable
// runner drains the badge jobs after every 20 events, so each event costs its insert plus one evaluation of the
// member's badges (awards and their notifications included). The baseline is the raw insert alone.
// Members come from a pool of 500; in `evaluate` each has been evaluated once before the timed run (untimed), so
// the figure is the steady state: most evaluations find nothing new, some cross a threshold and award.
// `evaluate-first` takes members never evaluated (every evaluation awards the tiers they already reached).
// Usage: tsx bench/badges-bench.ts <dataDir> <clientId> <insert|evaluate|evaluate-first> <seconds>
//   → prints events per second (stderr: evaluations and awards made).
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createJobRunner } from '../apps/server/src/jobs/runner.ts';
import { badgeJobHandlers } from '../apps/server/src/modules/badges/badges.jobs.ts';

const BATCH = 20;
const [dataDir, clientId, mode, seconds] = process.argv.slice(2);
const MODES = ['insert', 'evaluate', 'evaluate-first'];
if (!dataDir || !clientId || !MODES.includes(mode ?? ''))
  throw new Error('usage: badges-bench.ts <dataDir> <clientId> <insert|evaluate|evaluate-first> <seconds>');
const POOL = 500;
const database = await openDatabase({ dataDir });
const run = (text: string, params: unknown[] = []) => database.rawQuery(text, params);
const runner = createJobRunner({ db: database.db, handlers: badgeJobHandlers(), log: () => {} });
const everyone = (
  await run(`select id from users where client_id = $1 and email like 'db%@bench.test' order by email`, [
    clientId,
  ])
).rows.map((r) => String(r.id));
// The pool, or for evaluate-first members no run has touched (from the far end, a fresh slice per run).
const untouched = async () => {
  const { rows } = await run(
    `select u.id from users u where u.client_id = $1 and u.email like 'db%@bench.test'
       and not exists (select 1 from points_ledger l where l.user_id = u.id and l.source like 'badge-bench:%')
     order by u.email desc limit 20000`,
    [clientId],
  );
  return rows.map((r) => String(r.id));
};
const members = mode === 'evaluate-first' ? await untouched() : everyone.slice(0, POOL);
const { rows: badges } = await run(
  `select count(*)::int as n from badges where client_id = $1 and archived_at is null and criterion <> 'manual'`,
  [clientId],
);
if (Number(badges[0]!.n) === 0) throw new Error('the client has no automatic badge to evaluate');
const awards = async () =>
  Number(
    (await run('select count(*)::int as n from user_badges where client_id = $1', [clientId])).rows[0]!.n,
  );
const insertEvent = (userId = members[Math.floor(Math.random() * members.length)]) =>
  run(
    `insert into points_ledger (id, client_id, user_id, points, source)
     values (gen_random_uuid(), $1, $2, 10, 'badge-bench:' || gen_random_uuid())`,
    [clientId, userId],
  );
await runner.drain(); // what the seed left queued
if (mode === 'evaluate') {
  // Warm the pool: each member evaluated once (a member evaluated before finds nothing new and is quick).
  for (const id of members) await insertEvent(id);
  await runner.drain();
}
const awardsBefore = await awards();

let events = 0;
let evaluations = 0;
const end = performance.now() + Number(seconds) * 1000;
const start = performance.now();
while (performance.now() < end) {
  for (let i = 0; i < BATCH; i++) await insertEvent();
  events += BATCH;
  if (mode !== 'insert') evaluations += await runner.drain();
}
const elapsed = (performance.now() - start) / 1000;
// The raw run's evaluation requests are not this benchmark's: drop them so the next run starts clean.
if (mode === 'insert') await run(`delete from jobs where kind = 'badges.evaluate' and done_at is null`);
if (mode !== 'insert' && evaluations < events)
  throw new Error(`${events} events but ${evaluations} evaluations`);
console.error(
  `badges ${mode}: ${events} events, ${evaluations} evaluations, ${(await awards()) - awardsBefore} awards`,
);
console.log((events / elapsed).toFixed(1));
await runner.stop();
await database.close();
