// Baseline of the feed benchmark: the same ten posts as GET /api/feed?limit=10&cursor=<id> fetched by the
// simplest raw query (keyset on the posts_feed index) through the PGlite driver, one after another, for a number
// of seconds. Usage: tsx bench/raw-feed.ts <dataDir> <clientId> <cursor> <seconds>  → prints queries per second.
import { openDatabase } from '../apps/server/src/db/client.ts';

const [dataDir, clientId, cursor, seconds] = process.argv.slice(2);
const database = await openDatabase({ dataDir });
const sql = `select * from posts where client_id = $1 and status = 'published' and id < $2 order by id desc limit 10`;
const params = [clientId, cursor];
for (let i = 0; i < 20; i++) await database.rawQuery(sql, params); // warm-up
let n = 0;
const end = performance.now() + Number(seconds) * 1000;
const start = performance.now();
while (performance.now() < end) {
  const { rows } = await database.rawQuery(sql, params);
  if (rows.length !== 10) throw new Error(`expected 10 posts, got ${rows.length}`);
  n++;
}
console.log((n / ((performance.now() - start) / 1000)).toFixed(1));
await database.close();
