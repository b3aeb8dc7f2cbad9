import { INVITATION_TTL_DAYS } from '@rally/shared';
import type { Db } from '../../db/client.ts';
import { hashToken, newToken } from '../../lib/secrets.ts';
import { insertEmailToken, revokeEmailTokens } from '../users/credentials.repository.ts';
import { useEmailToken } from './auth.repository.ts';

export type EmailTokenKind = 'verify' | 'reset' | 'invite';
const TTL_MS: Record<EmailTokenKind, number> = {
  verify: 7 * 24 * 3600 * 1000,
  reset: 3600 * 1000,
  invite: INVITATION_TTL_DAYS * 24 * 3600 * 1000,
};

/** Issues a one-time token for an emailed link; `replacePrevious` voids the user's unused ones of that kind. */
export async function issueEmailToken(
  db: Db,
  user: { id: string; clientId: string },
  kind: EmailTokenKind,
  opts: { replacePrevious?: boolean } = {},
): Promise<string> {
  const token = newToken();
  if (opts.replacePrevious) await revokeEmailTokens(db, { clientId: user.clientId, userId: user.id, kind });
  await insertEmailToken(db, {
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
  { clientId, kind, token }: { clientId: string; kind: EmailTokenKind; token: string },
): Promise<string | null> {
  return useEmailToken(db, { clientId, kind, tokenHash: hashToken(token) });
}
