import { isPausedFor, SESSION_COOKIE } from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { hashToken } from '../../lib/secrets.ts';
import { findSessionUser, type SessionUserRow } from '../../modules/users/users.repository.ts';
import { refuseGuestProfileEdits, refuseGuestWrites } from './guest-access.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by `authenticate` (null when none). */
    user: SessionUserRow | null;
    /** How the request carried its session. */
    authVia: 'bearer' | 'cookie' | null;
  }
}

/** The session token of a request: bearer header first, then the session cookie. */
export function readToken(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** Loads the session's user into `request.user`; a session of another client counts as none. */
export async function loadUser(ctx: AppContext, request: FastifyRequest): Promise<SessionUserRow | null> {
  const found = readToken(request);
  request.authVia = found?.via ?? null;
  request.user = null;
  if (!found || found.token.length > 200) return null;
  const tokenHash = hashToken(found.token);
  const cached = ctx.sessions.get(tokenHash);
  // The cache key is the token alone, so check the tenant: a session of another client is worth nothing here.
  if (cached && cached.client_id === request.tenant.id) {
    request.user = cached;
    return cached;
  }
  const row = await findSessionUser(ctx.db, { clientId: request.tenant.id, tokenHash });
  if (row) ctx.sessions.set(tokenHash, row);
  request.user = row ?? null;
  return request.user;
}

// Calls a user of a paused client may still make, so the app can show the paused page and sign out.
// Keyed by method too: reading /api/me stays open, changing the profile through PATCH /api/me does not.
const PAUSE_EXEMPT = new Set(['GET /api/me', 'POST /api/logout', 'DELETE /api/fcm/:id']);
/**
 * What an applicant may use (SPEC 4: an applicant only ever sees their own application page, and help): their
 * session and device, their application, and the shell's polls. Everything else of the app answers 403.
 */
const APPLICANT_ROUTES = new Set([
  'GET /api/me',
  'PATCH /api/me',
  'POST /api/logout',
  'DELETE /api/fcm/:id',
  'POST /api/time',
  'GET /api/chat/seen',
  'GET /api/notifications',
  'GET /api/notifications/stream',
  'PATCH /api/notifications/:id',
  'POST /api/notifications/read-all',
  'GET /api/applicants/:id',
  'PATCH /api/applicants/:id',
  'POST /api/upload',
]);

/** onRequest hook of the protected /api scope: 401 without a session, 403 while the client is paused. */
export function registerAuthentication(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', async (request) => {
    const user = await loadUser(ctx, request);
    if (!user) throw unauthorized();
    refuseGuestWrites(request, user);
    if (
      user.role === 'APPLICANT' &&
      !APPLICANT_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`)
    ) {
      throw forbidden('Applicants can only see their application until it is accepted', 'applicant');
    }
    const client = request.tenant.client;
    if (
      user.role !== 'ADMIN' &&
      !PAUSE_EXEMPT.has(`${request.method} ${request.routeOptions.url ?? ''}`) &&
      isPausedFor(
        {
          role: user.role,
          onboarded_at: null,
          contract_id: null,
          applications: [],
          membership: user.membership,
        },
        client,
      )
    ) {
      throw forbidden('This app is paused by your organisation', 'client_paused');
    }
  });
  app.addHook('preValidation', refuseGuestProfileEdits);
  // A successful write may change what the user's session shows (profile, contract, onboarding…): drop the
  // cached session before the answer leaves, so the next read sees the change.
  // A callback hook, not an async one: reads (most requests) pass straight through without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method === 'GET' || !request.user || reply.statusCode >= 400) return done(null, payload);
    ctx.sessions.invalidateUser(request.user.id).then(() => done(null, payload), done);
  });
}

/** The signed-in user of a request of the protected scope (401 if there is none). */
export function requireUser(request: FastifyRequest): SessionUserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function decorateAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('authVia', null);
}
