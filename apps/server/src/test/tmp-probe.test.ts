import { it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedDemo } from '../db/seed/demo.ts';
it('probe', async () => {
  for (let i = 0; i < 2; i++) {
  let t0 = Date.now();
  const d = await openDatabase({ dataDir: ':memory:' });
  console.log('open', Date.now() - t0); t0 = Date.now();
  await runMigrations(d);
  console.log('migr', Date.now() - t0); t0 = Date.now();
  await seedDemo(d.db);
  console.log('seed', Date.now() - t0); t0 = Date.now();
  await d.close();
  }
});
