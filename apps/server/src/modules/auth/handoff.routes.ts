import {
  ErrorResponseSchema,
  HandoffResponseSchema,
  LoginResponseSchema,
  RedeemHandoffRequestSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { loadUser } from '../../plugins/app/auth.ts';
import { presentUser } from '../users/users.presenter.ts';
import { getUserWithRelations } from '../users/users.repository.ts';
import { createHandoff, redeemHandoff } from './commands/hand-off-sign-in.ts';
import { startSession } from './sessions.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/**
 * Sign-in handoff (issue 24): the Microsoft Teams tab cannot read the session of its sign-in pop-up, so the pop-up
 * asks for a one-time code and the tab trades it for a session of its own. Public routes, like the login: the
 * handoff reads the session itself, so a paused client's member still gets in and sees the paused page.
 */
export async function handoffRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/handoff',
    { schema: { tags: ['auth'], response: { 201: HandoffResponseSchema, ...errors } } },
    async (request, reply) => {
      const user = await loadUser(ctx, request);
      if (!user) throw unauthorized();
      const code = await createHandoff(ctx, user);
      reply.status(201);
      return { code };
    },
  );

  r.post(
    '/api/auth/handoff/redeem',
    {
      schema: {
        tags: ['auth'],
        body: RedeemHandoffRequestSchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const clientId = request.tenant.id;
      const user = await redeemHandoff(ctx, clientId, request.ip, request.body.code);
      const token = await startSession(ctx.db, ctx.config, request, reply, user);
      const row = await getUserWithRelations(ctx.db, { clientId, userId: user.id });
      if (!row) throw unauthorized();
      return { user: presentUser(row, request.tenant.client), token };
    },
  );
}
