import type { Db } from './client.ts';

/**
 * Runs `work` in one transaction and hands it the transaction as a `Db`, so repository functions take either.
 * Drizzle types a transaction apart from its database although it answers the same queries; this is the one
 * place that says so.
 */
export function withTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}
