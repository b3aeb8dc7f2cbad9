import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scimTokens } from '../../db/schema/index.ts';

export type ScimTokenRow = typeof scimTokens.$inferSelect;

/** The client's SCIM tokens, newest first (revoked ones too, marked). */
export async function listScimTokens(db: Db, { clientId }: { clientId: string }): Promise<ScimTokenRow[]> {
  return db
    .select()
    .from(scimTokens)
    .where(eq(scimTokens.clientId, clientId))
    .orderBy(desc(scimTokens.id))
    .limit(200);
}

/** Stores a new token (by its hash). */
export async function insertScimToken(db: Db, input: typeof scimTokens.$inferInsert): Promise<ScimTokenRow> {
  const [row] = await db.insert(scimTokens).values(input).returning();
  return row!;
}

/** Revokes a token of the client; undefined when it has no such token (or it was revoked before). */
export async function revokeScimToken(db: Db, { clientId, id }: { clientId: string; id: string }) {
  const [row] = await db
    .update(scimTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(scimTokens.clientId, clientId), eq(scimTokens.id, id), isNull(scimTokens.revokedAt)))
    .returning();
  return row;
}

/** The client's live token with this hash: a token of another client, or a revoked one, is none. */
export async function findLiveScimToken(
  db: Db,
  { clientId, tokenHash }: { clientId: string; tokenHash: string },
): Promise<ScimTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(scimTokens)
    .where(
      and(
        eq(scimTokens.clientId, clientId),
        eq(scimTokens.tokenHash, tokenHash),
        isNull(scimTokens.revokedAt),
      ),
    );
  return row;
}

/** Notes a token's use, at most once a minute (a sync of thousands of calls does not write on every one). */
export async function touchScimToken(
  db: Db,
  { clientId, id }: { clientId: string; id: string },
): Promise<void> {
  await db
    .update(scimTokens)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(scimTokens.clientId, clientId),
        eq(scimTokens.id, id),
        or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}
