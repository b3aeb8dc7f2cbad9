import {
  AcceptContractRequestSchema,
  CompleteOnboardingRequestSchema,
  ContractResponseSchema,
  ErrorResponseSchema,
  MeQuerySchema,
  MeResponseSchema,
  OkResponseSchema,
  TimeRequestSchema,
  TimeResponseSchema,
  UpdateMeRequestSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import type { RequestClient } from '../../plugins/app/tenant.ts';
import { recordTime } from './commands/record-time.ts';
import { updateMe } from './commands/update-profile.ts';
import { presentUser } from './users.presenter.ts';
import {
  acceptContract,
  completeOnboarding,
  deleteDevice,
  findContract,
  getUserWithRelations,
  type SessionUserRow,
  setSessionNotifications,
} from './users.repository.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const meJson = new WeakMap<SessionUserRow, { tenant: RequestClient; json: string }>();

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** The signed-in user's own calls (SPEC 7): me, device registration, contract, onboarding, time. */
export async function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function currentUser(request: FastifyRequest) {
    const row = await getUserWithRelations(ctx.db, {
      clientId: request.tenant.id,
      userId: requireUser(request).id,
    });
    return { user: presentUser(row!, request.tenant.client) };
  }

  r.get(
    '/api/me',
    {
      schema: { tags: ['me'], querystring: MeQuerySchema, response: { 200: MeResponseSchema, ...errors } },
      // 1-2 KB, below the compression threshold: no compression hook on this hot read.
      compress: false,
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (request.query.notifications) {
        await setSessionNotifications(ctx.db, {
          clientId: request.tenant.id,
          sessionId: user.session_id,
          granted: request.query.notifications === 'true',
        });
      }
      // The cached session row and the tenant object stay the same until either changes, so their
      // serialised answer is kept beside them (the hottest read of the app).
      const memo = meJson.get(user);
      if (memo && memo.tenant === request.tenant) return reply.type(JSON_TYPE).send(memo.json as never);
      const { session_id: _, ...row } = user;
      const json = JSON.stringify({
        user: MeResponseSchema.shape.user.parse(presentUser(row, request.tenant.client)),
      });
      meJson.set(user, { tenant: request.tenant, json });
      return reply.type(JSON_TYPE).send(json as never);
    },
  );

  r.patch(
    '/api/me',
    {
      schema: {
        tags: ['me'],
        body: UpdateMeRequestSchema,
        response: { 200: MeResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await updateMe(ctx, { ...user, clientId: request.tenant.id }, request.body);
      return currentUser(request);
    },
  );

  r.delete(
    '/api/fcm/:id',
    {
      schema: {
        tags: ['me'],
        params: z.object({ id: z.uuid({ message: 'id must be a device id (UUID)' }) }),
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    async (request) => {
      const isDeleted = await deleteDevice(ctx.db, {
        clientId: request.tenant.id,
        userId: requireUser(request).id,
        deviceId: request.params.id,
      });
      if (!isDeleted) throw notFound('Device not found');
      return { ok: true as const };
    },
  );

  r.post(
    '/api/time',
    {
      schema: { tags: ['me'], body: TimeRequestSchema, response: { 200: TimeResponseSchema, ...errors } },
    },
    async (request) => {
      return recordTime(ctx.db, {
        clientId: request.tenant.id,
        userId: requireUser(request).id,
        activityId: request.body?.activity_id,
      });
    },
  );

  r.get(
    '/api/contract',
    { schema: { tags: ['me'], response: { 200: ContractResponseSchema, ...errors } } },
    async (request) => {
      const contractId = request.tenant.client.contract_id;
      if (!contractId) return { contract: null };
      const row = await findContract(ctx.db, { clientId: request.tenant.id, contractId });
      return {
        contract: row ? { id: row.id, version: row.version, title: row.title, body: row.body } : null,
      };
    },
  );

  r.post(
    '/api/me/contract',
    {
      schema: {
        tags: ['me'],
        body: AcceptContractRequestSchema,
        response: { 200: MeResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (request.body.contract_id !== request.tenant.client.contract_id) {
        throw conflict(
          'This is not the current contract. Reload the page to read the latest version.',
          'stale_contract',
        );
      }
      await acceptContract(ctx.db, {
        clientId: request.tenant.id,
        userId: requireUser(request).id,
        contractId: request.body.contract_id,
      });
      return currentUser(request);
    },
  );

  r.post(
    '/api/me/onboarding',
    {
      schema: {
        tags: ['me'],
        body: CompleteOnboardingRequestSchema,
        response: { 200: MeResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const current = request.tenant.client.contract_id;
      const user = requireUser(request);
      if (current && user.contract_id !== current) {
        throw conflict('Accept the current contract before finishing onboarding.', 'contract_required');
      }
      const b = request.body;
      await completeOnboarding(ctx.db, {
        clientId: request.tenant.id,
        userId: user.id,
        firstName: b.first_name,
        lastName: b.last_name,
        city: b.city || null,
        state: b.state || null,
        country: b.country || null,
      });
      return currentUser(request);
    },
  );
}
