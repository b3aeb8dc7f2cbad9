import { CreateGuestRequestSchema, ErrorResponseSchema, LoginResponseSchema } from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { forbidden, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { presentUser } from '../users/users.presenter.ts';
import { getUserWithRelations } from '../users/users.repository.ts';
import { createGuest } from './commands/create-guest.ts';
import { startSession } from './sessions.ts';

const HOUR = 3600_000;
/** Guests one address may start per hour (like account creation: each is a row until the cleanup). */
const GUESTS_PER_ADDRESS_PER_HOUR = 20;

/** "Browse as a guest" (SPEC 6): a ghost user signed in with the same session as a login. */
export async function guestsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/guests',
    {
      schema: {
        tags: ['auth'],
        body: CreateGuestRequestSchema,
        response: {
          201: LoginResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { client, id: clientId } = request.tenant;
      if (!client.features.some((f) => f.id === 'open')) {
        throw forbidden('Browsing as a guest is not available for this app', 'not_open');
      }
      if ((await ctx.limiter.hit(`guest:ip:${request.ip}`, HOUR)) > GUESTS_PER_ADDRESS_PER_HOUR) {
        throw tooManyRequests('Too many guest visits from this address. Try again later.');
      }
      const user = await createGuest(ctx, { clientId });
      const token = await startSession(ctx.db, ctx.config, request, reply, user);
      const row = await getUserWithRelations(ctx.db, { clientId, userId: user.id });
      if (!row) throw unauthorized();
      reply.status(201);
      return { user: presentUser(row, client), token };
    },
  );
}
