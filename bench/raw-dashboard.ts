// Baseline of the Dashboard benchmark: the simplest raw read of the same rollups, the period's sums per metric of
// the client (one GROUP BY along (client_id, day)), run through the PGlite driver one after another.
// Usage: tsx bench/raw-dashboard.ts <dataDir> <clientId> <seconds>  → prints queries per second.
import { openDatabase } from '../apps/server/src/db/client.ts';
import { getDashboardRanges } from '../apps/server/src/modules/dashboard/dashboard.periods.ts';

const [dataDir, clientId, seconds] = process.argv.slice(2);
const database = await openDatabase({ dataDir });
const { current } = getDashboardRanges('30d');
const sql = `select metric, sum(value)::int as value from member_daily_metrics
  where client_id = $1 and day between $2::date and $3::date group by metric`;
const params = [clientId, current.from, current.to];
for (let i = 0; i < 5; i++) await database.rawQuery(sql, params); // warm-up
let n = 0;
const end = performance.now() + Number(seconds) * 1000;
const start = performance.now();
while (performance.now() < end) {
  const { rows } = await database.rawQuery(sql, params);
  if (rows.length === 0) throw new Error('expected rollup rows');
  n++;
}
console.log((n / ((performance.now() - start) / 1000)).toFixed(1));
await database.close();
