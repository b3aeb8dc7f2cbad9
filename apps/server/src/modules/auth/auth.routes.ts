import {
  AcceptInvitationRequestSchema,
  ConfirmResetRequestSchema,
  CreateAccountRequestSchema,
  ErrorResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MessageResponseSchema,
  OkResponseSchema,
  RequestResetRequestSchema,
  SESSION_COOKIE,
  VerifyEmailRequestSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { forbidden, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { loadUser } from '../../plugins/app/auth.ts';
import { presentUser } from '../users/users.presenter.ts';
import { getUserWithRelations } from '../users/users.repository.ts';
import { acceptInvitation } from './commands/accept-invitation.ts';
import { authenticatePassword } from './commands/authenticate-password.ts';
import { createAccount } from './commands/create-account.ts';
import { requestPasswordReset } from './commands/request-password-reset.ts';
import { resendVerification } from './commands/resend-verification.ts';
import { resetPassword } from './commands/reset-password.ts';
import { verifyEmail } from './commands/verify-email.ts';
import { endSession, startSession } from './sessions.ts';

const HOUR = 3600_000;
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/**
 * The client a mail of this request is sent for, with the origin of its links: the client's own configured
 * domain, never the request's Host (which anyone can set); null when the request came on a host that is no
 * client's domain, or the client has none: then no mail goes out.
 */
function mailClient(request: FastifyRequest) {
  const { client, id, isOwnHost, linkOrigin } = request.tenant;
  return { clientId: id, name: client.name, linkOrigin: isOwnHost && linkOrigin ? linkOrigin : null };
}

/** Public identity calls: login, account creation, password reset and email verification. */
export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Applies a per-key limit: throws 429 once `max` events happened in the window. */
  async function limit(key: string, max: number, windowMs: number, message: string) {
    if ((await ctx.limiter.hit(key, windowMs)) > max) throw tooManyRequests(message);
  }

  r.post(
    '/api/login',
    {
      schema: { tags: ['auth'], body: LoginRequestSchema, response: { 200: LoginResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const user = await authenticatePassword(ctx, request.tenant.id, request.ip, request.body);
      const token = await startSession(ctx.db, ctx.config, request, reply, user);
      const row = await getUserWithRelations(ctx.db, { clientId: request.tenant.id, userId: user.id });
      return { user: presentUser(row!, request.tenant.client), token };
    },
  );

  r.post(
    '/api/logout',
    { schema: { tags: ['auth'], response: { 200: OkResponseSchema } } },
    async (request, reply) => {
      // Logging out without a session is not an error: the goal (no session) is reached either way.
      const user = await loadUser(ctx, request);
      if (user) {
        await endSession(ctx.db, reply, { clientId: request.tenant.id, sessionId: user.session_id });
        await ctx.sessions.invalidateUser(user.id);
      } else reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { ok: true as const };
    },
  );

  r.post(
    '/api/accounts',
    {
      schema: {
        tags: ['auth'],
        body: CreateAccountRequestSchema,
        response: { 201: MessageResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { client } = request.tenant;
      // The verification link could only point at the default client's domain, not where the visitor is.
      if (!client.features.some((f) => f.id === 'open') || !request.tenant.isOwnHost) {
        throw forbidden('Creating an account is not available for this app', 'not_open');
      }
      await limit(
        `create:ip:${request.ip}`,
        10,
        HOUR,
        'Too many accounts created from this address. Try again later.',
      );
      // A guest signing up keeps their history: their own ghost row becomes the account (SPEC 6).
      const guest = await loadUser(ctx, request);
      await createAccount(ctx, mailClient(request), request.body, guest?.is_ghost ? guest.id : null);
      if (guest?.is_ghost) {
        await ctx.sessions.invalidateUser(guest.id);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
      }
      reply.status(201);
      return { message: 'Check your email to verify your account.' };
    },
  );

  r.post(
    '/api/password-reset',
    {
      schema: {
        tags: ['auth'],
        body: RequestResetRequestSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const clientId = request.tenant.id;
      const email = request.body.email;
      await limit(`reset:ip:${request.ip}`, 20, HOUR, 'Too many reset requests. Try again later.');
      await limit(`reset:acct:${clientId}:${email}`, 5, HOUR, 'Too many reset requests. Try again later.');
      await requestPasswordReset(ctx, mailClient(request), email);
      return { message: 'If an account exists for that email, we sent a link to reset the password.' };
    },
  );

  r.post(
    '/api/password-reset/confirm',
    {
      schema: {
        tags: ['auth'],
        body: ConfirmResetRequestSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await resetPassword(ctx, { clientId: request.tenant.id, ip: request.ip }, request.body);
      return { message: 'Your password has been changed. You can log in now.' };
    },
  );

  r.post(
    '/api/verify',
    {
      schema: {
        tags: ['auth'],
        body: VerifyEmailRequestSchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const clientId = request.tenant.id;
      const userId = await verifyEmail(ctx, clientId, request.body.token);
      const token = await startSession(ctx.db, ctx.config, request, reply, { id: userId, clientId });
      const row = await getUserWithRelations(ctx.db, { clientId, userId });
      if (!row) throw unauthorized();
      return { user: presentUser(row, request.tenant.client), token };
    },
  );

  r.post(
    '/api/invitations/accept',
    {
      schema: {
        tags: ['auth'],
        body: AcceptInvitationRequestSchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const clientId = request.tenant.id;
      await limit(`invite:ip:${request.ip}`, 20, HOUR, 'Too many requests. Try again later.');
      const userId = await acceptInvitation(ctx, clientId, request.body);
      const token = await startSession(ctx.db, ctx.config, request, reply, { id: userId, clientId });
      const row = await getUserWithRelations(ctx.db, { clientId, userId });
      if (!row) throw unauthorized();
      return { user: presentUser(row, request.tenant.client), token };
    },
  );

  r.post(
    '/api/verify/resend',
    {
      schema: {
        tags: ['auth'],
        body: RequestResetRequestSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const clientId = request.tenant.id;
      const email = request.body.email;
      await limit(`verify:ip:${request.ip}`, 20, HOUR, 'Too many requests. Try again later.');
      await limit(`verify:acct:${clientId}:${email}`, 5, HOUR, 'Too many requests. Try again later.');
      await resendVerification(ctx, mailClient(request), email);
      return { message: 'If that account is waiting for verification, we sent a new link.' };
    },
  );
}
