import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTokens } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/secrets.ts';

export type EmailTokenKind = 'verify' | 'reset';
const TTL_MS: Record<EmailTokenKind, number> = { verify: 7 * 24 * 3600 * 1000, reset: 3600 * 1000 };

/** Issues a one-time token for an emailed link; `replacePrevious` voids the user's unused ones of that kind. */
export async function issueEmailToken(
  db: Db,
  user: { id: string; clientId: string },
  kind: EmailTokenKind,
  opts: { replacePrevious?: boolean } = {},
): Promise<string> {
  const token = newToken();
  if (opts.replacePrevious) await revokeEmailTokens(db, user.clientId, user.id, kind);
  await db.insert(emailTokens).values({
    clientId: user.clientId,
    userId: user.id,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TTL_MS[kind]),
  });
  return token;
}

/** Uses a token once: returns its user id, or null when unknown, used, expired or of another client. */
export async function consumeEmailToken(
  db: Db,
  clientId: string,
  kind: EmailTokenKind,
  token: string,
): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
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
  clientId: string,
  userId: string,
  kind: EmailTokenKind,
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
