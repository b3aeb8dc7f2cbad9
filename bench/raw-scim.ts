// Baseline of the SCIM benchmark: the rows a SCIM user creation writes (the member, their SCIM userName and
// externalId, the audit row) inserted raw through the PGlite driver, one statement per member, one after another,
// for a number of seconds, on a fresh migrated database with the demo data.
// Usage: tsx bench/raw-scim.ts <seconds>  → prints members inserted per second.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uuidv7 } from 'uuidv7';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';

const seconds = Number(process.argv[2] ?? 5);
const dataDir = mkdtempSync(join(tmpdir(), 'rally-bench-raw-scim-'));
const database = await openDatabase({ dataDir });
await runMigrations(database);
await seedDemo(database.db);
const { rows } = await database.rawQuery(`select id from clients where name = 'Demo'`);
const clientId = String(rows[0]!.id);

const INSERT = `with u as (
    insert into users (id, client_id, email, first_name, last_name, role, email_verified_at)
    values ($1, $2, $3, $4, $5, 'USER', now()) returning id),
  s as (insert into scim_users (client_id, user_id, user_name, external_id) select $2, id, $3, $6 from u)
  insert into audit_log (id, client_id, user_id, action, target, data)
  select $7, $2, null, 'scim.user_created', id::text, '{"via":"scim"}'::jsonb from u`;
let n = 0;
const insert = async () => {
  const email = `raw${n}@bench-corp.test`;
  await database.rawQuery(INSERT, [uuidv7(), clientId, email, 'Raw', `Member ${n}`, `ext-${n}`, uuidv7()]);
  n++;
};
for (let i = 0; i < 20; i++) await insert(); // warm-up
n = 20;
const start = performance.now();
const end = start + seconds * 1000;
let done = 0;
while (performance.now() < end) {
  await insert();
  done++;
}
console.log((done / ((performance.now() - start) / 1000)).toFixed(1));
await database.close();
rmSync(dataDir, { recursive: true, force: true });
