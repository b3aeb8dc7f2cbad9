import {
  CreatedScimTokenResponseSchema,
  CreateScimTokenRequestSchema,
  ErrorResponseSchema,
  OkResponseSchema,
  SCIM_BASE_PATH,
  ScimTokensResponseSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { createScimToken, removeScimToken } from './commands/manage-scim-tokens.ts';
import { manageScimTokens } from './scim.policy.ts';
import { presentScimToken } from './scim-tokens.presenter.ts';
import { listScimTokens } from './scim-tokens.repository.ts';

const idParams = z.object({ id: z.uuid({ message: 'id must be a SCIM token id' }) });
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/**
 * The client's SCIM tokens on the admin Integrations tab (ADMIN only; issue 24): list (with the base URL to give the
 * identity provider), create (the token answered once), revoke.
 */
export async function adminScimTokensRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', async (request) => authorize(manageScimTokens(requireUser(request))));
  const actorOf = (request: FastifyRequest) => ({ clientId: request.tenant.id, id: requireUser(request).id });

  r.get(
    '/api/admin/scim-tokens',
    { schema: { tags: ['admin'], response: { 200: ScimTokensResponseSchema, ...errors } } },
    async (request) => ({
      scim_tokens: (await listScimTokens(ctx.db, { clientId: request.tenant.id })).map(presentScimToken),
      base_url: request.tenant.linkOrigin ? `${request.tenant.linkOrigin}${SCIM_BASE_PATH}` : null,
    }),
  );

  r.post(
    '/api/admin/scim-tokens',
    {
      schema: {
        tags: ['admin'],
        body: CreateScimTokenRequestSchema,
        response: { 201: CreatedScimTokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { row, token } = await createScimToken(ctx, actorOf(request), request.body);
      reply.status(201);
      return { scim_token: presentScimToken(row), token };
    },
  );

  r.delete(
    '/api/admin/scim-tokens/:id',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 200: OkResponseSchema, 404: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      await removeScimToken(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
