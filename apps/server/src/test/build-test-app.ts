import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { createContext } from '../boot.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
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
 * A fresh app on its own database with the demo data: in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped on close), so tests never share data.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rally-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
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
  const { ctx, close } = await createContext(config, { databaseUrl, dataDir: databaseUrl ? undefined : ':memory:' });
  const app = await buildApp(ctx, { serveWeb: false, logger: false });
  await app.ready();
  return {
    app,
    ctx,
    async login(email, host = email.endsWith('@acme.test') ? ACME_HOST : DEMO_HOST) {
      const res = await app.inject({ method: 'POST', url: '/api/login', headers: { host }, payload: { email, password: DEMO_PASSWORD } });
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
