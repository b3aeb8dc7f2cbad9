// npm run db:reset: deletes every table and row of the configured database. Refuses unless ALLOW_DB_RESET=1.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

if (process.env.ALLOW_DB_RESET !== '1') {
  console.error(
    'Refusing to reset the database: set ALLOW_DB_RESET=1 to confirm that all data may be deleted.',
  );
  process.exit(1);
}
const config = loadConfig();
if (config.databaseUrl) {
  const database = await openDatabase({ url: config.databaseUrl });
  await database.rawQuery(
    'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;',
  );
  await database.close();
} else {
  rmSync(join(config.dataDir, 'pglite'), { recursive: true, force: true });
  rmSync(join(config.dataDir, 'uploads'), { recursive: true, force: true });
}
console.log('Database reset. Run npm start (or npm run db:seed) to create it again.');
