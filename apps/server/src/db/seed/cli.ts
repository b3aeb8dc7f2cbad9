// npm run db:seed: migrates, then seeds the demo clients when the database has no client yet.
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { runMigrations } from '../migrate.ts';
import { seedDemo } from './demo.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await runMigrations(database);
const seeded = await seedDemo(database.db);
await database.close();
console.log(seeded ? 'Seeded the demo data.' : 'The database already has clients; nothing seeded.');
