// Baseline of the issue 13/14 benchmarks: one SQL statement run raw through the PGlite driver, one query after
// another, for a number of seconds; every answer must hold `rows` rows (so a wrong query cannot look fast).
// Usage: tsx bench/raw-sql.ts <dataDir> <seconds> <rows> <sql> [params as JSON]  → prints queries per second.
import { openDatabase } from '../apps/server/src/db/client.ts';

const [dataDir, seconds, rows, text, params] = process.argv.slice(2);
if (!dataDir || !text) throw new Error('usage: raw-sql.ts <dataDir> <seconds> <rows> <sql> [params]');
const database = await openDatabase({ dataDir });
const values = params ? (JSON.parse(params) as unknown[]) : [];
const check = async () => {
  const answer = await database.rawQuery(text, values);
  if (answer.rows.length !== Number(rows))
    throw new Error(`expected ${rows} rows, got ${answer.rows.length}: ${text}`);
};
for (let i = 0; i < 5; i++) await check(); // warm-up
let n = 0;
const end = performance.now() + Number(seconds) * 1000;
const start = performance.now();
while (performance.now() < end) {
  await check();
  n++;
}
console.log((n / ((performance.now() - start) / 1000)).toFixed(1));
await database.close();
