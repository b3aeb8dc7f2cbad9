import { resolve } from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true'));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where PGlite data, uploads and other local state live. */
  DATA_DIR: z.string().default('./data'),
  /** A real PostgreSQL server; unset means the embedded PGlite database. */
  DATABASE_URL: z.string().url().optional(),
  /** Redis for pub/sub and rate limits; unset means in-process. */
  REDIS_URL: z.string().url().optional(),
  /** SMTP server for mail; unset means the mail outbox table. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Rally <no-reply@rally.local>'),
  /** Seed demo data into an empty database (default on); 0 turns it and /dev/mailbox off. */
  RALLY_DEMO: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-* headers (behind a proxy). */
  TRUST_PROXY: flag,
  /** Bearer token that GET /metrics requires; unset means only loopback addresses may read it. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Directory of the built web app. */
  WEB_DIST: z.string().optional(),
  /** S3-compatible storage for uploads (AWS S3, MinIO, R2…); unset S3_BUCKET means local disk under DATA_DIR. */
  S3_BUCKET: z.string().min(3, 'S3_BUCKET must be a bucket name').optional(),
  /** Endpoint of an S3-compatible service, e.g. http://127.0.0.1:9000; unset means AWS S3 in S3_REGION. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Key prefix inside the bucket, so several deployments can share one. */
  S3_PREFIX: z.string().default(''),
});

/** Where uploaded files are stored. */
export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** Base URL of the service; objects are addressed path-style: {endpoint}/{bucket}/{key}. */
      endpoint: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      prefix: string;
    };

function storageConfig(e: z.infer<typeof EnvSchema>): StorageConfig {
  if (!e.S3_BUCKET) return { kind: 'local' };
  if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    throw new Error('Invalid environment: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`).replace(/\/+$/, ''),
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    prefix: e.S3_PREFIX,
  };
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Demo data seeded when the database is empty. */
  demo: boolean;
  /** /dev/mailbox is served: demo on and no SMTP. */
  devMailbox: boolean;
  logLevel: string;
  trustProxy: boolean;
  webDist: string;
  metricsToken: string | undefined;
  storage: StorageConfig;
}

/** Parses the environment once at boot; throws naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid environment: ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  const demo = e.RALLY_DEMO ?? true;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demo,
    devMailbox: demo && !e.SMTP_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    metricsToken: e.METRICS_TOKEN,
    storage: storageConfig(e),
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
