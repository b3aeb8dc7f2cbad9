import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTokens, sessions } from '../../db/schema/index.ts';

/**
 * Sessions and one-time email tokens of a user: written by sign-in flows (auth) and by account administration
 * (users: deactivation, invitations). Kept here, in the lower of the two modules (auth imports users).
 */

/** Revokes every live session of a user of the client (after a password reset, a deactivation, a conversion). */
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
