import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { Bus } from './lib/bus.ts';
import type { Mailer } from './lib/mailer.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { SecretBox } from './lib/secret-box.ts';
import type { SessionCache } from './lib/session-cache.ts';
import type { Storage } from './lib/storage.ts';
import type { ApiKeyRow } from './modules/public-api/api-keys.repository.ts';
import type { SessionUserRow } from './modules/users/users.repository.ts';

/** Services every route may use; built once at boot and passed to buildApp. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  storage: Storage;
  bus: Bus;
  /** Cache of session lookups; invalidate a user after changing it. */
  sessions: SessionCache<SessionUserRow>;
  /** Cache of API key lookups (by client and token hash); invalidate a key (its id) when it is revoked. */
  apiKeys: SessionCache<ApiKeyRow>;
  /** The durable job runner (started at boot unless JOB_RUNNER=0); `drain()` runs what is due now. */
  jobs: JobRunner;
  /** Seals and opens secrets at rest (SSO client secrets). */
  secrets: SecretBox;
  /** Version answered by GET /api/version and built into the web app. */
  version: string;
}
