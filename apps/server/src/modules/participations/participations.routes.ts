import {
  AdminParticipationResponseSchema,
  AdminParticipationsQuerySchema,
  AdminParticipationsResponseSchema,
  ErrorResponseSchema,
  LIST_PAGE_SIZE,
  LIST_PAGE_SIZE_MAX,
  ReviewParticipationRequestSchema,
} from '@rally/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { participations } from '../../db/schema/index.ts';
import { requireRole } from '../../lib/authorize.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { notify } from '../notifications/notify.ts';
import { awardPoints } from '../points/points.ts';
import { addFeedItem } from '../posts/commands/write-post.ts';
import { reviewScope } from './participations.policy.ts';
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
  r.addHook('preValidation', async (request) =>
    requireRole(request, ['ADMIN', 'ANALYST'], 'review participation'),
  );
  const filters = (
    request: FastifyRequest,
    q: z.infer<typeof AdminParticipationsQuerySchema>,
  ): ParticipationFilters => ({
    clientId: request.tenant.id,
    scope: reviewScope(request.user!),
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
      const rows = await findAdminParticipations(ctx.db, filters(request, request.query), {
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
      const rows = await findAdminParticipations(ctx.db, filters(request, request.query), {
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
      const f = { ...filters(request, { status: 'all', type: 'all' }), id: request.params.id };
      const [row] = await findAdminParticipations(ctx.db, f, { limit: 1 });
      if (!row) throw notFound('Participation not found');
      if (row.activity_type !== 'content_submission')
        throw conflict('Only Brand Content submissions are reviewed');
      if (row.status !== 'pending')
        throw conflict(`This submission was already ${row.status}`, 'already_reviewed');
      const { decision, reason } = request.body;
      await ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const approved = decision === 'approve';
        // Only a still-pending row changes: of two reviews at once, the second finds none and answers 409.
        const [updated] = await tx
          .update(participations)
          .set({
            status: approved ? 'approved' : 'rejected',
            isComplete: approved,
            rejectReason: approved ? null : (reason ?? null),
            reviewedBy: request.user!.id,
            reviewedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(and(eq(participations.id, row.id), eq(participations.status, 'pending')))
          .returning({ id: participations.id });
        if (!updated) throw conflict('This submission was already reviewed', 'already_reviewed');
        if (approved) {
          await awardPoints(tx, {
            clientId: request.tenant.id,
            userId: row.user_id,
            points: row.activity_points,
            projectId: row.project_id,
            source: `participation:${row.id}`,
          });
          const { caption, media_urls: images } = row.data; // approved Brand Content joins the feed
          await addFeedItem(tx, {
            clientId: request.tenant.id,
            authorId: row.user_id,
            kind: 'content',
            sourceId: row.id,
            body: caption,
            images,
          });
        }
        await notify(tx, {
          clientId: request.tenant.id,
          to: { users: [row.user_id] },
          actorId: request.user!.id,
          kind: approved ? 'participation_approved' : 'participation_rejected',
          title: approved
            ? `Your submission to “${row.activity_title}” was approved`
            : `Your submission to “${row.activity_title}” was not approved`,
          body: approved
            ? row.activity_points > 0
              ? `You earned ${row.activity_points} points.`
              : null
            : (reason ?? null),
          link: `/projects/${row.project_id}/activities/${row.activity_id}`,
        });
      });
      const [fresh] = await findAdminParticipations(ctx.db, f, { limit: 1 });
      return { participation: presentAdminParticipation(fresh!) };
    },
  );
}
