import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { createContext } from '../boot.ts';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { devices, jobs, notificationPreferences, notifications } from '../db/schema/index.ts';
import type { TestApp } from './build-test-app.ts';
import { unique } from './factories.ts';

/** Registers a push device for a user (PATCH /api/me stores the same row). */
export async function createDevice(
  db: Db,
  input: { clientId: string; userId: string; platform?: 'ios' | 'android' | 'web'; token?: string },
) {
  const [row] = await db
    .insert(devices)
    .values({
      clientId: input.clientId,
      userId: input.userId,
      deviceId: crypto.randomUUID(),
      fcmToken: input.token ?? unique('fcm-token-'),
      platform: input.platform ?? 'android',
    })
    .returning();
  return row!;
}

/** Turns kinds off for push for a user. */
export async function setPushOff(db: Db, input: { clientId: string; userId: string; kinds: string[] }) {
  await db
    .insert(notificationPreferences)
    .values({ clientId: input.clientId, userId: input.userId, pushOff: input.kinds })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { pushOff: input.kinds } });
}

/** Runs every due job of the app now (the background runner would, a moment later). */
export async function drainJobs(t: Pick<TestApp, 'ctx'>): Promise<number> {
  return t.ctx.jobs.drain();
}

export const jobsOfKind = (db: Db, kind: string) => db.select().from(jobs).where(eq(jobs.kind, kind));
export const notificationsOfUser = (db: Db, userId: string) =>
  db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

/** One request a stand-in service received. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A local HTTP server that records every request and answers with `respond` (default 200 `{}`): a stand-in for
 * Google's OAuth/FCM endpoints or a browser push service, never for our own code.
 */
export async function startRecorder(
  respond: (req: RecordedRequest) => { status: number; body?: unknown } = () => ({ status: 200, body: {} }),
) {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      const answer = recorder.respond(recorded);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const recorder = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    respond,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return recorder;
}

/** A browser-like Web Push subscription: a P-256 key pair and auth secret, at an endpoint of ours. */
export function createSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: JSON.stringify({
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    }),
  };
}

/**
 * A database that outlives the apps built on it, to prove that jobs survive a restart: a PGlite directory, or a
 * database on the server of TEST_DATABASE_URL. `boot` builds an app (with demo data on first boot); `dispose`
 * removes everything.
 */
export async function createPersistentDatabase() {
  const dataDir = mkdtempSync(join(tmpdir(), 'rally-restart-'));
  let databaseUrl: string | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = `rally_restart_${randomBytes(6).toString('hex')}`;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  return {
    async boot(env: Record<string, string> = {}) {
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
      const { ctx, close } = await createContext(config, {
        demoContent: false,
        databaseUrl,
        dataDir: databaseUrl ? undefined : join(dataDir, 'db'),
      });
      const app = await buildApp(ctx, { serveWeb: false, logger: false });
      await app.ready();
      return {
        app,
        ctx,
        async close() {
          await app.close();
          await close();
        },
      };
    },
    async dispose() {
      if (adminUrl) {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
