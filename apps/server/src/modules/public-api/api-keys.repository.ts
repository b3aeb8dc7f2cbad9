import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/index.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The client's keys, newest first (revoked ones too, marked). */
export async function listApiKeys(db: Db, { clientId }: { clientId: string }): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.clientId, clientId)).orderBy(desc(apiKeys.id)).limit(200);
}

export async function insertApiKey(db: Db, input: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(input).returning();
  return row!;
}

/** Revokes a key of the client; undefined when it has no such key (or it was revoked before). */
export async function revokeApiKey(db: Db, { clientId, id }: { clientId: string; id: string }) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.clientId, clientId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  return row;
}

/** The client's live key with this token hash: a key of another client, or a revoked one, is none. */
export async function findLiveApiKey(
  db: Db,
  { clientId, tokenHash }: { clientId: string; tokenHash: string },
) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.clientId, clientId), eq(apiKeys.tokenHash, tokenHash), isNull(apiKeys.revokedAt)));
  return row;
}

/** Notes a key's use, at most once a minute (a busy integration does not write on every call). */
export async function touchApiKey(db: Db, { clientId, id }: { clientId: string; id: string }): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(apiKeys.clientId, clientId),
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}
