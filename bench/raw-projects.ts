// Baseline of the projects benchmark: the exact SQL of GET /api/projects run raw through the PGlite driver,
// one query after another (PGlite is one connection, as the server's is), for a number of seconds.
// Usage: tsx bench/raw-projects.ts <dataDir> <clientId> <userId> <seconds>  → prints queries per second.
import { PgDialect } from 'drizzle-orm/pg-core';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { memberProjectsQuery } from '../apps/server/src/modules/projects/projects.repository.ts';

const [dataDir, clientId, userId, seconds] = process.argv.slice(2);
const database = await openDatabase({ dataDir });
const { sql, params } = new PgDialect().sqlToQuery(
  memberProjectsQuery({ clientId: clientId!, userId: userId!, type: 'all' }),
);
for (let i = 0; i < 20; i++) await database.rawQuery(sql, params); // warm-up
let n = 0;
const end = performance.now() + Number(seconds) * 1000;
const start = performance.now();
while (performance.now() < end) {
  const { rows } = await database.rawQuery(sql, params);
  if (rows.length < 200) throw new Error(`expected at least 200 projects, got ${rows.length}`);
  n++;
}
console.log((n / ((performance.now() - start) / 1000)).toFixed(1));
await database.close();
