// Baseline of the Reports benchmark: the simplest raw read of the same rollup for the same figures, run through the
// PGlite driver one after another. For the shares report, the range's shares and unique clicks per network; for the
// members report, the first page of members by points with their shares, clicks and completions; each one GROUP BY
// of report_facts along (client_id, day) (migration 0013).
// Usage: tsx bench/raw-reports.ts <dataDir> <clientId> <shares|members> <from> <to> <seconds>  → queries per second.
import { LIST_PAGE_SIZE } from '@rally/shared';
import { openDatabase } from '../apps/server/src/db/client.ts';

const QUERIES: Record<string, string> = {
  shares: `select network, coalesce(sum(value) filter (where metric = 'shares'), 0)::int as shares,
      coalesce(sum(value) filter (where metric = 'clicks'), 0)::int as clicks
    from report_facts
    where client_id = $1 and day between $2::date and $3::date and metric in ('shares', 'clicks') and network <> ''
    group by network`,
  members: `select user_id, coalesce(sum(value) filter (where metric = 'points'), 0)::int as points,
      coalesce(sum(value) filter (where metric = 'shares'), 0)::int as shares,
      coalesce(sum(value) filter (where metric = 'clicks'), 0)::int as clicks,
      coalesce(sum(value) filter (where metric = 'completions'), 0)::int as completions
    from report_facts where client_id = $1 and day between $2::date and $3::date
    group by user_id order by points desc, user_id limit ${LIST_PAGE_SIZE}`,
};

const [dataDir, clientId, report, from, to, seconds] = process.argv.slice(2);
const sql = QUERIES[report ?? ''];
if (!dataDir || !clientId || !sql || !from || !to)
  throw new Error('usage: raw-reports.ts <dataDir> <clientId> <shares|members> <from> <to> <seconds>');
const database = await openDatabase({ dataDir });
const params = [clientId, from, to];
for (let i = 0; i < 5; i++) await database.rawQuery(sql, params); // warm-up
let n = 0;
const end = performance.now() + Number(seconds) * 1000;
const start = performance.now();
while (performance.now() < end) {
  const { rows } = await database.rawQuery(sql, params);
  if (rows.length === 0) throw new Error('expected report_facts rows');
  n++;
}
console.log((n / ((performance.now() - start) / 1000)).toFixed(1));
await database.close();
