import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DbScheduler } from './scheduler.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The fair, bounded line every query and transaction waits in (see scheduler.ts). */
  scheduler: DbScheduler;
  /** Runs raw SQL through the driver itself (benchmarks, health). */
  rawQuery: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  close: () => Promise<void>;
}

/** Bounds of the database's waiting line; the defaults suit tests and tools. */
export interface QueueOptions {
  /** PostgreSQL connections (the embedded database has one). */
  poolSize: number;
  limit: number;
  timeoutMs: number;
}
const DEFAULT_QUEUE: QueueOptions = { poolSize: 10, limit: 256, timeoutMs: 5_000 };

/**
 * A pg pool whose queries and checked-out clients wait their turn in the scheduler, so the pool itself never
 * queues: the scheduler's bounds and write-first order apply to PostgreSQL exactly as to the embedded database.
 */
class ScheduledPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly scheduler: DbScheduler,
  ) {
    super(config);
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; they all pass through
  override query(...args: any[]): any {
    if (typeof args.at(-1) === 'function') return (super.query as (...a: unknown[]) => unknown)(...args);
    return this.scheduler.run(() => (super.query as (...a: unknown[]) => Promise<unknown>)(...args));
  }

  // biome-ignore lint/suspicious/noExplicitAny: both of pg's connect overloads pass through
  override connect(...args: any[]): any {
    // pg's own query() checks a client out with a callback: that one already holds its turn.
    if (args.length > 0) return (super.connect as (...a: unknown[]) => unknown)(...args);
    // A client checked out for a transaction holds a turn until it is released.
    return new Promise<pg.PoolClient>((resolve, reject) => {
      this.scheduler
        .run(
          () =>
            new Promise<void>((done) => {
              super.connect().then(
                (client) => {
                  const release = client.release.bind(client);
                  client.release = (err?: Error | boolean) => {
                    done();
                    return release(err);
                  };
                  resolve(client);
                },
                (err) => {
                  done();
                  reject(err);
                },
              );
            }),
          'write',
        )
        .catch(reject);
    });
  }
}

/**
 * PGlite behind the scheduler: each query, and each transaction as a whole, takes its turn on the one connection
 * (queries inside a transaction use the transaction's own handle and do not queue again).
 */
class ScheduledPglite {
  constructor(
    readonly client: PGlite,
    private readonly scheduler: DbScheduler,
  ) {}
  query<T>(...args: Parameters<PGlite['query']>) {
    return this.scheduler.run(() => this.client.query<T>(...args));
  }
  exec(...args: Parameters<PGlite['exec']>) {
    return this.scheduler.run(() => this.client.exec(...args));
  }
  transaction<T>(fn: (tx: Transaction) => Promise<T>) {
    return this.scheduler.run(() => this.client.transaction(fn), 'write');
  }
}

/** Opens PostgreSQL at `url`, or embedded PGlite in `dataDir` (':memory:' for none). */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  queue?: QueueOptions;
}): Promise<Database> {
  const queue = opts.queue ?? DEFAULT_QUEUE;
  if (opts.url) {
    const scheduler = new DbScheduler({
      concurrency: queue.poolSize,
      limit: queue.limit,
      timeoutMs: queue.timeoutMs,
    });
    const pool = new ScheduledPool(
      { connectionString: opts.url, max: queue.poolSize, connectionTimeoutMillis: queue.timeoutMs },
      scheduler,
    );
    // An idle connection closed by the server (restart, failover, a dropped database) must not crash the
    // process: the pool discards it and opens a new one on the next query.
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      scheduler,
      rawQuery: async (text, params) => pool.query(text, params),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (!opts.dataDir || opts.dataDir === ':memory:') {
    client = await PGlite.create();
  } else {
    const dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  }
  // One connection: one piece of work at a time, the rest wait in the scheduler's fair line.
  const scheduler = new DbScheduler({ concurrency: 1, limit: queue.limit, timeoutMs: queue.timeoutMs });
  const scheduled = new ScheduledPglite(client, scheduler);
  const db = drizzlePglite(scheduled as unknown as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    scheduler,
    rawQuery: async (text, params) => scheduled.query<Record<string, unknown>>(text, params),
    close: () => client.close(),
  };
}

/** Runs a raw SQL query through Drizzle and returns its rows (the same for both drivers). */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
