import {
  AdminParticipationResponseSchema,
  AdminParticipationsQuerySchema,
  AdminParticipationsResponseSchema,
  ErrorResponseSchema,
  LIST_PAGE_SIZE,
  LIST_PAGE_SIZE_MAX,
  ReviewParticipationRequestSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { reviewParticipation } from './commands/review-participation.ts';
import { reviewParticipations, reviewScope } from './participations.policy.ts';
import { presentAdminParticipation, toCsv } from './participations.presenter.ts';
import { findAdminParticipations, type ParticipationFilters } from './participations.repository.ts';

const params = z.object({ id: z.uuid({ message: 'id must be a participation id' }) });
const ListQuery = AdminParticipationsQuerySchema.extend({
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${LIST_PAGE_SIZE_MAX}`)
    .max(LIST_PAGE_SIZE_MAX, `limit must be between 1 and ${LIST_PAGE_SIZE_MAX}`)
    .default(LIST_PAGE_SIZE),
  cursor: z.uuid({ message: 'cursor must be a participation id' }).optional(),
});
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const CSV_MAX_ROWS = 50_000;

/** Every submission and share of the client for review (ADMIN; ANALYST for their teams, SPEC 6). */
export async function participationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', async (request) => authorize(reviewParticipations(requireUser(request))));
  const filters = (
    request: FastifyRequest,
    q: z.infer<typeof AdminParticipationsQuerySchema>,
  ): ParticipationFilters => ({
    clientId: request.tenant.id,
    scope: reviewScope(requireUser(request)),
    status: q.status,
    type: q.type,
    projectId: q.project_id,
  });

  r.get(
    '/api/admin/participations',
    {
      schema: {
        tags: ['admin'],
        querystring: ListQuery,
        response: { 200: AdminParticipationsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { limit, cursor } = request.query;
      const rows = await findAdminParticipations(ctx.db, {
        ...filters(request, request.query),
        cursor,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit).map(presentAdminParticipation);
      return { participations: page, next_cursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
    },
  );

  r.get(
    '/api/admin/participations.csv',
    { schema: { tags: ['admin'], querystring: AdminParticipationsQuerySchema } },
    async (request, reply) => {
      const rows = await findAdminParticipations(ctx.db, {
        ...filters(request, request.query),
        limit: CSV_MAX_ROWS,
      });
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="participation-${new Date().toISOString().slice(0, 10)}.csv"`,
        );
      return reply.send(toCsv(rows.map(presentAdminParticipation)) as never);
    },
  );

  r.post(
    '/api/admin/participations/:id/review',
    {
      schema: {
        tags: ['admin'],
        params,
        body: ReviewParticipationRequestSchema,
        response: { 200: AdminParticipationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await reviewParticipation(ctx.db, {
        clientId: request.tenant.id,
        reviewer: { id: user.id, scope: reviewScope(user) },
        participationId: request.params.id,
        decision: request.body.decision,
        reason: request.body.reason,
      });
      return { participation: presentAdminParticipation(row) };
    },
  );
}
