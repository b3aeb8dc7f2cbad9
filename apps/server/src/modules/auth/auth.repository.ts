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

/** Revokes every live session of a user of the client (after a password reset). */
export async function revokeUserSessions(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), eq(sessions.clientId, clientId), isNull(sessions.revokedAt)));
}

/** Stores a one-time email token by its hash. */
export async function insertEmailToken(
  db: Db,
  row: { clientId: string; userId: string; kind: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailTokens).values(row);
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

/** Voids every unused token of that kind of the user (after a reset, or when a newer link is sent). */
export async function revokeEmailTokens(
  db: Db,
  { clientId, userId, kind }: { clientId: string; userId: string; kind: string },
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.clientId, clientId),
        eq(emailTokens.userId, userId),
        eq(emailTokens.kind, kind),
        isNull(emailTokens.usedAt),
      ),
    );
}
