import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import type { AppConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { type Database, openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { ensureDefaultClient } from './db/seed/default-client.ts';
import { seedDemo } from './db/seed/demo.ts';
import { createJobHandlers } from './jobs/index.ts';
import { createJobRunner } from './jobs/runner.ts';
import { createMemoryBus, createRedisBus } from './lib/bus.ts';
import { createMailer } from './lib/mailer.ts';
import { createMemoryRateLimiter, createRedisRateLimiter } from './lib/rate-limiter.ts';
import { SessionCache } from './lib/session-cache.ts';
import { createStorage } from './lib/storage.ts';

/** The product version, from the root package.json (also built into the web app). */
export function readVersion(): string {
  for (const rel of ['../../../package.json', '../../package.json']) {
    try {
      return JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')).version as string;
    } catch {
      // try the next location: the path differs between source and bundle
    }
  }
  return '0.0.0';
}

/** Opens the database, migrates it, seeds demo data when empty, and builds the services. */
export async function createContext(
  config: AppConfig,
  overrides: { databaseUrl?: string; dataDir?: string; demoContent?: boolean } = {},
) {
  const database = await openDatabase({
    url: overrides.databaseUrl ?? config.databaseUrl,
    dataDir: overrides.dataDir ?? config.dataDir,
    queue: config.dbQueue,
  });
  await runMigrations(database);
  const storage = createStorage(config.storage, config.dataDir);
  const withContent = overrides.demoContent ?? true;
  const seeded = config.demo ? await seedDemo(database.db, withContent ? { storage } : undefined) : false;
  await ensureDefaultClient(database.db);
  const maintenance = database.kind === 'pglite' ? startPgliteMaintenance(database) : null;
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
    : null;
  const bus = config.redisUrl ? createRedisBus(config.redisUrl) : createMemoryBus();
  const ctx = {
    config,
    database,
    db: database.db,
    mailer: createMailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom }),
    limiter: redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter(),
    storage,
    version: readVersion(),
    bus,
    sessions: new SessionCache(bus),
  } as AppContext;
  ctx.jobs = createJobRunner({
    db: database.db,
    handlers: createJobHandlers(ctx),
    bus,
    log: config.logLevel === 'silent' ? () => {} : (message, error) => console.warn(message, error ?? ''),
  });
  if (config.jobRunner) ctx.jobs.start();
  const close = async () => {
    // The job running now finishes before the database closes.
    await ctx.jobs.stop();
    if (maintenance) clearInterval(maintenance);
    await database.close();
    await bus.close();
    redis?.disconnect();
  };
  return { ctx, seeded, close };
}

const MAINTENANCE_INTERVAL_MS = 6 * 3600_000;

/**
 * Embedded PGlite has no autovacuum: statistics go stale and dead rows pile up (the aggregate triggers update
 * rows often), which slows every query. Vacuum and analyse at start and every few hours.
 */
function startPgliteMaintenance(database: Database): NodeJS.Timeout {
  const run = () => database.rawQuery('vacuum analyze').catch(() => undefined);
  void run();
  const timer = setInterval(run, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return timer;
}
