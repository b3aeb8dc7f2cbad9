import {
  AdminApplicationResponseSchema,
  AdminApplicationsResponseSchema,
  ApplicantQueueQuerySchema,
  ApplicantQueueResponseSchema,
  BulkDecisionRequestSchema,
  BulkDecisionResponseSchema,
  CreateApplicationRequestSchema,
  DecideApplicantRequestSchema,
  ErrorResponseSchema,
  ListQuerySchema,
  OkResponseSchema,
  patchOf,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { reviewApplicants } from './applicants.policy.ts';
import { presentAdminApplication, presentQueueItem } from './applicants.presenter.ts';
import {
  countWaiting,
  findApplicantQueue,
  findApplications,
  getApplication,
} from './applicants.repository.ts';
import { mailClientOf } from './applicants.routes.ts';
import { decideApplicant, decideApplicants } from './commands/decide-applicant.ts';
import { exportApplicantsCsv } from './commands/export-applicants.ts';
import { changeApplication, createApplication } from './commands/save-application.ts';

const params = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });
const UpdateApplicationRequestSchema = patchOf(CreateApplicationRequestSchema);
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/**
 * /admin/applicants (leadOnly: ADMIN, or ANALYST without team tags): application forms, the review queue,
 * decisions one by one or in bulk, and the CSV export.
 */
export async function adminApplicantsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Role before input validation: a member or a lead of some teams learns nothing from a 400.
  app.addHook('preValidation', async (request) => {
    authorize(reviewApplicants(requireUser(request)));
  });

  async function formOr404(request: FastifyRequest, id: string) {
    const row = await getApplication(ctx.db, { clientId: request.tenant.id, applicationId: id });
    if (!row) throw notFound('Application form not found');
    return row;
  }
  async function answerForm(request: FastifyRequest, id: string) {
    const row = await formOr404(request, id);
    const waiting = await countWaiting(ctx.db, { clientId: request.tenant.id, applicationId: id });
    return { application: presentAdminApplication(row, waiting, mailClientOf(request).linkOrigin) };
  }

  r.get(
    '/api/admin/applications',
    {
      schema: {
        tags: ['admin'],
        querystring: ListQuerySchema,
        response: { 200: AdminApplicationsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const page = await findApplications(ctx.db, { clientId: request.tenant.id, query: request.query });
      const origin = mailClientOf(request).linkOrigin;
      return {
        applications: page.items.map((row) => presentAdminApplication(row.form, row.waiting, origin)),
        next_cursor: page.nextCursor,
      };
    },
  );

  r.get(
    '/api/admin/applications/:id',
    { schema: { tags: ['admin'], params, response: { 200: AdminApplicationResponseSchema, ...errors } } },
    async (request) => answerForm(request, request.params.id),
  );

  r.post(
    '/api/admin/applications',
    {
      schema: {
        tags: ['admin'],
        body: CreateApplicationRequestSchema,
        response: { 201: AdminApplicationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = await createApplication(ctx, {
        clientId: request.tenant.id,
        actorId: requireUser(request).id,
        body: request.body,
      });
      return reply.code(201).send(await answerForm(request, id));
    },
  );

  r.patch(
    '/api/admin/applications/:id',
    {
      schema: {
        tags: ['admin'],
        params,
        body: UpdateApplicationRequestSchema,
        response: { 200: AdminApplicationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const form = await formOr404(request, request.params.id);
      await changeApplication(ctx, {
        clientId: request.tenant.id,
        actorId: requireUser(request).id,
        form,
        body: request.body,
      });
      return answerForm(request, form.id);
    },
  );

  r.get(
    '/api/admin/applicants',
    {
      schema: {
        tags: ['admin'],
        querystring: ApplicantQueueQuerySchema,
        response: { 200: ApplicantQueueResponseSchema, ...errors },
      },
    },
    async (request) => {
      const page = await findApplicantQueue(ctx.db, { clientId: request.tenant.id, query: request.query });
      return { applicants: page.items.map(presentQueueItem), next_cursor: page.nextCursor };
    },
  );

  r.get(
    '/api/admin/applicants/export',
    {
      schema: {
        tags: ['admin'],
        querystring: ApplicantQueueQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await exportApplicantsCsv(ctx.db, {
        clientId: request.tenant.id,
        actorId: requireUser(request).id,
        query: request.query,
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="applicants-${day}.csv"`)
        .send(csv);
    },
  );

  r.post(
    '/api/admin/applicants/:id/decision',
    {
      schema: {
        tags: ['admin'],
        params,
        body: DecideApplicantRequestSchema,
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    async (request) => {
      await decideApplicant(ctx, mailClientOf(request), {
        actorId: requireUser(request).id,
        applicantId: request.params.id,
        body: request.body,
      });
      return { ok: true as const };
    },
  );

  r.post(
    '/api/admin/applicants/decisions',
    {
      schema: {
        tags: ['admin'],
        body: BulkDecisionRequestSchema,
        response: { 200: BulkDecisionResponseSchema, ...errors },
      },
    },
    async (request) =>
      decideApplicants(ctx, mailClientOf(request), { actorId: requireUser(request).id, body: request.body }),
  );
}
