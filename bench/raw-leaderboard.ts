// Baseline of the leaderboard benchmark: the rows of one page (the top 10 members of a period, with their names),
// fetched by the page's own SQL run raw through the PGlite driver, one query after another, for a number of seconds.
// Usage: tsx bench/raw-leaderboard.ts <dataDir> <clientId> <week|all> <seconds>  → prints queries per second.
import { PgDialect } from 'drizzle-orm/pg-core';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ALL_PROJECTS } from '../apps/server/src/db/schema/index.ts';
import { getPeriodRange } from '../apps/server/src/modules/leaderboard/leaderboard.periods.ts';
import { membersPageQuery } from '../apps/server/src/modules/leaderboard/leaderboard.repository.ts';

const [dataDir, clientId, period, seconds] = process.argv.slice(2);
if (period !== 'week' && period !== 'all') throw new Error('period must be week or all');
const database = await openDatabase({ dataDir });
const key = { clientId: clientId!, period, periodStart: getPeriodRange(period).key, projectId: ALL_PROJECTS };
const { sql, params } = new PgDialect().sqlToQuery(membersPageQuery(key, { size: 10 }));
for (let i = 0; i < 20; i++) await database.rawQuery(sql, params); // warm-up
let n = 0;
const end = performance.now() + Number(seconds) * 1000;
const start = performance.now();
while (performance.now() < end) {
  const { rows } = await database.rawQuery(sql, params);
  if (rows.length !== 10) throw new Error(`expected 10 members, got ${rows.length}`);
  n++;
}
console.log((n / ((performance.now() - start) / 1000)).toFixed(1));
await database.close();
