import {
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
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/secrets.ts';
import { loadUser } from '../../plugins/app/auth.ts';
import { presentUser } from '../users/users.presenter.ts';
import { findUserByEmail, getUserWithRelations } from '../users/users.repository.ts';
import { authenticatePassword, clearLoginThrottle } from './commands/authenticate-password.ts';
import { consumeEmailToken, issueEmailToken, revokeEmailTokens } from './email-tokens.ts';
import { endAllSessions, endSession, startSession } from './sessions.ts';

const HOUR = 3600_000;
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/**
 * The link to `path` on the client's own configured domain, never on the request's Host (which anyone can set);
 * null when the request came on a host that is no client's domain, or the client has none: then no mail goes out.
 */
function mailLink(request: FastifyRequest, path: string): string | null {
  const { isOwnHost, linkOrigin } = request.tenant;
  return isOwnHost && linkOrigin ? `${linkOrigin}${path}` : null;
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
      const row = await getUserWithRelations(ctx.db, request.tenant.id, user.id);
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
        await endSession(ctx.db, reply, user.session_id);
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
      const { client, id: clientId } = request.tenant;
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
      const body = request.body;
      if (await findUserByEmail(ctx.db, clientId, body.email)) {
        throw conflict(
          'An account with this email already exists. Log in or reset your password.',
          'email_taken',
        );
      }
      const [user] = await ctx.db
        .insert(users)
        .values({
          clientId,
          email: body.email,
          passwordHash: await hashPassword(body.password),
          firstName: body.first_name,
          lastName: body.last_name,
          role: 'USER',
        })
        .returning();
      const token = await issueEmailToken(ctx.db, user!, 'verify');
      const link = mailLink(request, `/verify?token=${token}`);
      if (link) {
        await ctx.mailer.send({
          clientId,
          to: body.email,
          subject: `Verify your email for ${client.name}`,
          text: `Welcome to ${client.name}!\n\nConfirm your email address to finish creating your account:\n${link}\n\nThe link works for 7 days.`,
        });
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
      const { client, id: clientId } = request.tenant;
      const email = request.body.email;
      await limit(`reset:ip:${request.ip}`, 20, HOUR, 'Too many reset requests. Try again later.');
      await limit(`reset:acct:${clientId}:${email}`, 5, HOUR, 'Too many reset requests. Try again later.');
      const user = await findUserByEmail(ctx.db, clientId, email);
      if (user?.isActive && user.email && mailLink(request, '/reset')) {
        // Only the newest link works: a new request voids the ones before it.
        const token = await issueEmailToken(ctx.db, user, 'reset', { replacePrevious: true });
        await ctx.mailer.send({
          clientId,
          to: user.email,
          subject: `Reset your ${client.name} password`,
          text: `Someone asked to reset the password of your ${client.name} account.\n\nChoose a new password here:\n${mailLink(request, `/reset?token=${token}`)}\n\nThe link works for one hour. If it was not you, ignore this email.`,
        });
      }
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
      const userId = await consumeEmailToken(ctx.db, request.tenant.id, 'reset', request.body.token);
      if (!userId)
        throw badRequest('This reset link is invalid or has expired. Ask for a new one.', 'invalid_token');
      const passwordHash = await hashPassword(request.body.password);
      // The emailed link proves the address, so it also counts as verification.
      const [user] = await ctx.db
        .update(users)
        .set({ passwordHash, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ email: users.email });
      // Every other reset link of the account dies with this one.
      await revokeEmailTokens(ctx.db, request.tenant.id, userId, 'reset');
      await endAllSessions(ctx.db, userId);
      await ctx.sessions.invalidateUser(userId);
      if (user?.email) await clearLoginThrottle(ctx, request.tenant.id, user.email, request.ip);
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
      const userId = await consumeEmailToken(ctx.db, clientId, 'verify', request.body.token);
      if (!userId) throw badRequest('This verification link is invalid or has expired.', 'invalid_token');
      await ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
      await ctx.sessions.invalidateUser(userId);
      const token = await startSession(ctx.db, ctx.config, request, reply, { id: userId, clientId });
      const row = await getUserWithRelations(ctx.db, clientId, userId);
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
      const { client, id: clientId } = request.tenant;
      const email = request.body.email;
      await limit(`verify:ip:${request.ip}`, 20, HOUR, 'Too many requests. Try again later.');
      await limit(`verify:acct:${clientId}:${email}`, 5, HOUR, 'Too many requests. Try again later.');
      const user = await findUserByEmail(ctx.db, clientId, email);
      if (user?.email && !user.emailVerifiedAt && mailLink(request, '/verify')) {
        const token = await issueEmailToken(ctx.db, user, 'verify');
        await ctx.mailer.send({
          clientId,
          to: user.email,
          subject: `Verify your email for ${client.name}`,
          text: `Confirm your email address to finish creating your account:\n${mailLink(request, `/verify?token=${token}`)}\n\nThe link works for 7 days.`,
        });
      }
      return { message: 'If that account is waiting for verification, we sent a new link.' };
    },
  );
}
