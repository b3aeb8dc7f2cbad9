import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { API_KEY_RATE_PER_MINUTE } from '@rally/shared';
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
  /**
   * Scheme and port of the links the server sends (reset, verification and share links), built on the client's
   * own configured domain, never on the request's Host. Behind a TLS proxy: PUBLIC_SCHEME=https PUBLIC_PORT=443.
   */
  PUBLIC_SCHEME: z.enum(['http', 'https']).default('http'),
  PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Serve /dev/mailbox to any address (default: loopback connections only). */
  DEV_MAILBOX_PUBLIC: flag,
  /** PostgreSQL connections per instance (DATABASE_URL only). */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Database work waiting for a connection at most; beyond it a request is answered 503 with Retry-After. */
  DB_QUEUE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(256),
  /** Longest a query may wait for the database before its request is answered 503, in milliseconds. */
  DB_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
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
  /**
   * Key that encrypts secrets at rest (SSO client secrets): 32 random bytes as base64 or hex (openssl rand -base64
   * 32). Unset with the embedded database: a key made in DATA_DIR/secrets.key on first start. Unset with
   * DATABASE_URL: secrets cannot be stored, and boot refuses a database that holds some.
   */
  SECRETS_KEY: z.string().optional(),
  /** Older keys, comma-separated, that still open what they sealed while `npm run secrets:rotate` re-seals it. */
  SECRETS_KEY_PREVIOUS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean)
        : [],
    ),
  /**
   * Let outgoing webhooks reach http:// URLs and loopback or private addresses (tests and local development: the e2e
   * suite's receiver on 127.0.0.1). Refused with RALLY_DEMO=0: a deployment serving real clients keeps webhooks to
   * public https hosts.
   */
  WEBHOOKS_ALLOW_PRIVATE: flag,
  /** Drain the durable job table in this process (default on); 0 for an instance that only serves requests. */
  JOB_RUNNER: flag,
  /** Calls one public API key may make per minute (429 with Retry-After beyond); the bench raises it to measure. */
  API_KEY_RATE_PER_MINUTE: z.coerce
    .number()
    .int('API_KEY_RATE_PER_MINUTE must be a whole number')
    .min(1, 'API_KEY_RATE_PER_MINUTE must be at least 1')
    .default(API_KEY_RATE_PER_MINUTE),
  /** Firebase project for push to the native apps; needs FCM_SERVICE_ACCOUNT. Unset: pushes are only recorded. */
  FCM_PROJECT_ID: z.string().min(1).optional(),
  /** The service account key file's JSON (client_email, private_key), from Firebase console → Service accounts. */
  FCM_SERVICE_ACCOUNT: z.string().optional(),
  /** FCM API and OAuth token endpoints; override only to point at a stand-in. */
  FCM_API_URL: z.string().url().default('https://fcm.googleapis.com'),
  FCM_TOKEN_URL: z.string().url().optional(),
  /** VAPID keys for Web Push to the installed PWA (`npx web-push generate-vapid-keys`). Unset: only recorded. */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /** Contact the push services may use: a mailto: or https: URL. */
  VAPID_SUBJECT: z.string().default('mailto:no-reply@rally.local'),
  /**
   * The app's own host name, shared by every client: clients' custom domains point a CNAME at it, and it can be no
   * client's custom domain (nor can its subdomains).
   */
  APP_HOST: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
      'APP_HOST must be a host name',
    )
    .default('localhost'),
  /**
   * DNS servers that check custom domains' records, comma-separated (`1.1.1.1,8.8.8.8:53,[2606:4700::1111]:53`);
   * unset means the system's resolvers.
   */
  DNS_SERVERS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : null,
    )
    .refine((list) => !list || (list.length > 0 && list.every(isDnsServer)), {
      message: 'DNS_SERVERS must be IP addresses with optional ports, comma-separated',
    }),
  /**
   * Further origins that may frame the app as a Microsoft Teams host, comma-separated (`https://teams.example`),
   * beside Microsoft's own: for tests and local development (a host stand-in), or a Teams cloud of its own. Its
   * pages pass them to teams-js as valid message origins. http:// origins are refused with RALLY_DEMO=0.
   */
  TEAMS_HOST_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    )
    .refine((list) => list.every(isOrigin), {
      message: 'TEAMS_HOST_ORIGINS must be origins (scheme://host[:port]), comma-separated',
    }),
});

/** `https://host` or `http://host:port`: an origin and nothing more. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/** `1.2.3.4`, `1.2.3.4:53`, `::1` or `[::1]:53`. */
function isDnsServer(value: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(value);
  const v4 = /^([\d.]+)(?::(\d{1,5}))?$/.exec(value);
  const [address, port] = bracketed
    ? [bracketed[1]!, bracketed[2]]
    : v4
      ? [v4[1]!, v4[2]]
      : [value, undefined];
  return isIP(address) !== 0 && (port === undefined || (Number(port) >= 1 && Number(port) <= 65535));
}

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

/** Firebase Cloud Messaging (HTTP v1) for the native apps. */
export interface FcmConfig {
  projectId: string;
  serviceAccount: { client_email: string; private_key: string };
  apiUrl: string;
  tokenUrl: string;
}

/** Web Push (VAPID) for the installed PWA. */
export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

function fcmConfig(e: z.infer<typeof EnvSchema>): FcmConfig | null {
  if (!e.FCM_PROJECT_ID) return null;
  if (!e.FCM_SERVICE_ACCOUNT)
    throw new Error('Invalid environment: FCM_PROJECT_ID needs FCM_SERVICE_ACCOUNT');
  let account: { client_email?: unknown; private_key?: unknown; token_uri?: unknown };
  try {
    account = JSON.parse(e.FCM_SERVICE_ACCOUNT);
  } catch {
    throw new Error('Invalid environment: FCM_SERVICE_ACCOUNT must be the service account JSON');
  }
  if (typeof account.client_email !== 'string' || typeof account.private_key !== 'string') {
    throw new Error('Invalid environment: FCM_SERVICE_ACCOUNT needs client_email and private_key');
  }
  return {
    projectId: e.FCM_PROJECT_ID,
    serviceAccount: { client_email: account.client_email, private_key: account.private_key },
    apiUrl: e.FCM_API_URL.replace(/\/+$/, ''),
    tokenUrl:
      e.FCM_TOKEN_URL ??
      (typeof account.token_uri === 'string' ? account.token_uri : 'https://oauth2.googleapis.com/token'),
  };
}

function vapidConfig(e: z.infer<typeof EnvSchema>): VapidConfig | null {
  if (!e.VAPID_PUBLIC_KEY && !e.VAPID_PRIVATE_KEY) return null;
  if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY) {
    throw new Error('Invalid environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  }
  return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT };
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
  /** /dev/mailbox answers every address, not only loopback connections. */
  devMailboxPublic: boolean;
  /** Origin of a client's links on one of its hosts: `${scheme}://${host}${port}`. */
  publicUrl: { scheme: 'http' | 'https'; port: number };
  /** Bounds of the database's waiting line (see db/scheduler.ts). */
  dbQueue: { poolSize: number; limit: number; timeoutMs: number };
  logLevel: string;
  trustProxy: boolean;
  webDist: string;
  metricsToken: string | undefined;
  storage: StorageConfig;
  /** This process drains the job table. */
  jobRunner: boolean;
  /** Calls one public API key may make per minute (API_KEY_RATE_PER_MINUTE, 120 by default). */
  apiKeyRatePerMinute: number;
  /** Keys of secrets at rest (lib/secret-box.ts): the first seals, all open. */
  secretsKey: string | undefined;
  secretsKeyPrevious: string[];
  /** Push senders; null means pushes to that platform are recorded, not delivered. */
  fcm: FcmConfig | null;
  vapid: VapidConfig | null;
  /** The app's own host: target of custom domains' CNAME records, never a client's custom domain. */
  appHost: string;
  /** DNS servers that check custom domains; null means the system's. */
  dnsServers: string[] | null;
  /** Extra origins that may frame the app as a Microsoft Teams host (TEAMS_HOST_ORIGINS); [] for Microsoft's only. */
  teamsHostOrigins: string[];
  /** Outgoing webhooks may reach http:// and non-public addresses (WEBHOOKS_ALLOW_PRIVATE; never without demo). */
  webhooksAllowPrivate: boolean;
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
  if (!demo && e.TEAMS_HOST_ORIGINS.some((origin) => origin.startsWith('http:'))) {
    throw new Error(
      'Invalid environment: TEAMS_HOST_ORIGINS may hold http:// origins only with RALLY_DEMO on',
    );
  }
  if (e.WEBHOOKS_ALLOW_PRIVATE && !demo) {
    throw new Error(
      'Invalid environment: WEBHOOKS_ALLOW_PRIVATE is for tests and local development and cannot be set with RALLY_DEMO=0',
    );
  }
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
    devMailboxPublic: e.DEV_MAILBOX_PUBLIC ?? false,
    publicUrl: { scheme: e.PUBLIC_SCHEME, port: e.PUBLIC_PORT ?? e.PORT },
    dbQueue: { poolSize: e.DB_POOL_SIZE, limit: e.DB_QUEUE_LIMIT, timeoutMs: e.DB_QUEUE_TIMEOUT_MS },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    metricsToken: e.METRICS_TOKEN,
    storage: storageConfig(e),
    jobRunner: e.JOB_RUNNER ?? true,
    apiKeyRatePerMinute: e.API_KEY_RATE_PER_MINUTE,
    secretsKey: e.SECRETS_KEY,
    secretsKeyPrevious: e.SECRETS_KEY_PREVIOUS,
    fcm: fcmConfig(e),
    vapid: vapidConfig(e),
    appHost: e.APP_HOST,
    dnsServers: e.DNS_SERVERS,
    teamsHostOrigins: e.TEAMS_HOST_ORIGINS,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE ?? false,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
