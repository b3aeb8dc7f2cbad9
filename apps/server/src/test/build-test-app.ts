import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { createContext } from '../boot.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { openDatabase } from '../db/client.ts';
import { MIGRATIONS_DIR, runMigrations } from '../db/migrate.ts';
import { DEMO_PASSWORD } from '../db/seed/demo.ts';

/** Host of the demo client "Demo" and of the white-labelled "Acme". */
export const DEMO_HOST = 'localhost';
export const ACME_HOST = '127.0.0.1';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Logs in a demo user; returns the bearer token. */
  login(email: string, host?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A fresh app on its own database with the demo data: PGlite in a temporary directory, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped on close), so tests never share data.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  appOptions: Pick<BuildAppOptions, 'tenantCacheHosts'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rally-test-'));
  // Each app its own key for secrets at rest, as a deployment sets SECRETS_KEY (also on the PostgreSQL runs).
  const secretsKey = randomBytes(32).toString('base64url');
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SECRETS_KEY: secretsKey, ...env });
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `rally_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const pgliteDir = join(dataDir, 'db');
  if (!databaseUrl) cpSync(await migratedPgliteTemplate(), pgliteDir, { recursive: true });
  const { ctx, close } = await createContext(config, {
    demoContent: false,
    databaseUrl,
    dataDir: databaseUrl ? undefined : pgliteDir,
  });
  const app = await buildApp(ctx, { serveWeb: false, logger: false, ...appOptions });
  await app.ready();
  return {
    app,
    ctx,
    async login(email, host = email.endsWith('@acme.test') ? ACME_HOST : DEMO_HOST) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { host },
        payload: { email, password: DEMO_PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    async close() {
      await app.close();
      await close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A migrated, empty PGlite data directory shared by every test app (and test process) of the same migrations.
 * Each app copies it instead of running initdb, which takes seconds under WebAssembly; a copy takes a fraction.
 */
async function migratedPgliteTemplate(): Promise<string> {
  const hash = createHash('sha256').update(readFileSync(PGLITE_PACKAGE_JSON));
  for (const name of readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    if (/\.(sql|json)$/.test(name)) hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)));
  }
  const template = join(tmpdir(), `rally-test-pglite-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(template)) return template;
  const building = mkdtempSync(join(tmpdir(), 'rally-test-pglite-build-'));
  const database = await openDatabase({ dataDir: building });
  await runMigrations(database);
  await database.close();
  try {
    // Atomic: when another test process finished first, its template stays and this one is dropped.
    renameSync(building, template);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

// The template belongs to one PGlite version: its package.json (not exported, so found beside the entry).
const PGLITE_PACKAGE_JSON = join(
  dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
  '..',
  'package.json',
);
