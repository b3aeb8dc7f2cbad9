import {
  AdminContractsResponseSchema,
  ErrorResponseSchema,
  PublishContractRequestSchema,
  PublishContractResponseSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { publishClientEvent } from '../notifications/live.ts';
import { publishContract } from './commands/publish-contract.ts';
import { manageContracts } from './contracts.policy.ts';
import { presentContract } from './contracts.presenter.ts';
import { countAcceptances, listContracts } from './contracts.repository.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** Contracts on the admin General page (ADMIN only): the versions with acceptance counts, and publishing. */
export async function contractsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', async (request) => authorize(manageContracts(requireUser(request))));

  r.get(
    '/api/admin/contracts',
    { schema: { tags: ['admin'], response: { 200: AdminContractsResponseSchema, ...errors } } },
    async (request) => {
      const clientId = request.tenant.id;
      const rows = await listContracts(ctx.db, { clientId });
      const currentId = request.tenant.client.contract_id;
      const current = rows.find((row) => row.id === currentId) ?? null;
      const counts = current
        ? await countAcceptances(ctx.db, { clientId, contractId: current.id })
        : { accepted: 0, members: 0 };
      return {
        current: current ? presentContract(current) : null,
        accepted_count: counts.accepted,
        member_count: counts.members,
        versions: rows.map(({ body: _body, ...row }) => {
          const { body: _b, ...rest } = presentContract({ ...row, body: '' });
          return rest;
        }),
      };
    },
  );

  r.post(
    '/api/admin/contracts',
    {
      schema: {
        tags: ['admin'],
        body: PublishContractRequestSchema,
        response: { 201: PublishContractResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const clientId = request.tenant.id;
      const row = await publishContract(ctx, { clientId, id: requireUser(request).id }, request.body);
      // The tenant cache holds the client's current contract id: drop it so every next request gates on the new one.
      app.invalidateTenants();
      publishClientEvent(ctx.bus, clientId, 'client.updated').catch((err) =>
        request.log.warn({ err }, 'client.updated not sent'),
      );
      reply.status(201);
      return { contract: presentContract(row) };
    },
  );
}
