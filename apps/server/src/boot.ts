import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import type { AppConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { type Database, openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { ensureDefaultClient } from './db/seed/default-client.ts';
import { seedDemo } from './db/seed/demo.ts';
import { createJobRunners } from './jobs/index.ts';
import { createMemoryBus, createRedisBus } from './lib/bus.ts';
import { createMailer } from './lib/mailer.ts';
import { linkOriginOf } from './lib/origins.ts';
import { createMemoryRateLimiter, createRedisRateLimiter } from './lib/rate-limiter.ts';
import { assertSecretsReadable, loadSecretKeys, SecretBox } from './lib/secret-box.ts';
import { SessionCache } from './lib/session-cache.ts';
import { createStorage } from './lib/storage.ts';
import { listSealedSecrets, pointDemoSsoAt } from './modules/auth/sso.repository.ts';
import { findClientIdForHost } from './modules/clients/clients.repository.ts';
import { DEV_IDP_PATH, devIdpIssuer } from './modules/dev/dev-idp.routes.ts';
import { listSealedWebhookSecrets } from './modules/webhooks/webhooks.repository.ts';

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

/** The demo client's host, on whose origin the demo identity provider answers. */
const DEMO_IDP_HOST = 'localhost';
/** The origin of the demo client (and of its identity provider at /dev/idp) on this run. */
export const demoOrigin = (config: Pick<AppConfig, 'publicUrl'>) =>
  linkOriginOf(DEMO_IDP_HOST, config.publicUrl)!;

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
  const secrets = new SecretBox(
    loadSecretKeys({ ...config, databaseUrl: overrides.databaseUrl ?? config.databaseUrl }),
  );
  // A database holding secrets this server cannot open stops the start with the key it needs named.
  assertSecretsReadable(secrets, [
    ...(await listSealedSecrets(database.db)),
    ...(await listSealedWebhookSecrets(database.db)),
  ]);
  const storage = createStorage(config.storage, config.dataDir);
  const withContent = overrides.demoContent ?? true;
  const seeded = config.demo ? await seedDemo(database.db, withContent ? { storage } : undefined) : false;
  await ensureDefaultClient(database.db);
  if (config.demo) {
    // The demo's single sign-on goes to the demo provider at /dev/idp on this run's port (app.ts serves it).
    const demoId = await findClientIdForHost(database.db, { host: DEMO_IDP_HOST });
    if (demoId)
      await pointDemoSsoAt(database.db, {
        clientId: demoId,
        issuer: devIdpIssuer(demoOrigin(config)),
        path: DEV_IDP_PATH,
      });
  }
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
    secrets,
    bus,
    sessions: new SessionCache(bus),
    // Keys of a busy integration are looked up once per 30 s, not on every call; a revocation drops them everywhere.
    apiKeys: new SessionCache(bus, 30_000, 10_000, 'api-keys:invalidate'),
  } as AppContext;
  ctx.jobs = createJobRunners(ctx, {
    db: database.db,
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
