import { SESSION_COOKIE } from '@rally/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { hashToken, newToken } from '../../lib/secrets.ts';
import { insertSession, revokeSession } from './auth.repository.ts';

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
  await insertSession(db, {
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

/** Revokes a session of the client by id and clears the cookie. */
export async function endSession(
  db: Db,
  reply: FastifyReply,
  session: { clientId: string; sessionId: string },
): Promise<void> {
  await revokeSession(db, session);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
