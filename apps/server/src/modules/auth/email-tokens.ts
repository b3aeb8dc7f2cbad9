import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTokens } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/secrets.ts';

export type EmailTokenKind = 'verify' | 'reset';
const TTL_MS: Record<EmailTokenKind, number> = { verify: 7 * 24 * 3600 * 1000, reset: 3600 * 1000 };

/** Issues a one-time token for an emailed link. */
export async function issueEmailToken(
  db: Db,
  user: { id: string; clientId: string },
  kind: EmailTokenKind,
): Promise<string> {
  const token = newToken();
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
