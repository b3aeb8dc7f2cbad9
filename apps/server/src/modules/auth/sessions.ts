import { SESSION_COOKIE } from '@rally/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/secrets.ts';

export const SESSION_TTL_MS = 90 * 24 * 3600 * 1000;

/** Starts a session for the user: stores the token's hash, sets the cookie and returns the token. */
export async function startSession(
  db: Db,
  config: Pick<AppConfig, 'publicUrl'>,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: string; clientId: string },
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    clientId: user.clientId,
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // https behind a proxy is seen only with TRUST_PROXY; PUBLIC_SCHEME=https says so whatever the request.
    secure: request.protocol === 'https' || config.publicUrl.scheme === 'https',
    maxAge: SESSION_TTL_MS / 1000,
  });
  return token;
}

/** Revokes a session by id and clears the cookie. */
export async function endSession(db: Db, reply: FastifyReply, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Revokes every session of a user (after a password reset). */
export async function endAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
