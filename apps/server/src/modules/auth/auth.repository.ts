import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTokens, sessions } from '../../db/schema/index.ts';

/** Stores a new session by its token's hash. */
export async function insertSession(
  db: Db,
  row: { clientId: string; userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(row);
}

/** Revokes one session of the client (a no-op when it is revoked already). */
export async function revokeSession(
  db: Db,
  { clientId, sessionId }: { clientId: string; sessionId: string },
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.clientId, clientId), isNull(sessions.revokedAt)));
}

/**
 * Marks the client's live token of that kind with this hash used; answers its user id, or null when unknown, used,
 * expired or of another client.
 */
export async function useEmailToken(
  db: Db,
  { clientId, kind, tokenHash }: { clientId: string; kind: string; tokenHash: string },
): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.clientId, clientId),
        eq(emailTokens.kind, kind),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}
