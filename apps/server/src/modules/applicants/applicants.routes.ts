import { ErrorResponseSchema } from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { canSeeApplicant } from './applicants.policy.ts';
import { findApplicant, findOpenApplication } from './applicants.repository.ts';

const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });

const ApplicantResponseSchema = z.object({
  applicant: z.object({
    id: z.string(),
    status: z.string(),
    created_at: z.string(),
    application: z.object({ id: z.string(), title: z.string() }),
  }),
});

/** GET /api/applicants/{id}: an applicant's own application (or, for those who review applicants, anyone's). */
export async function applicantsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/applicants/:id',
    {
      schema: {
        tags: ['applicants'],
        params: idParams,
        response: { 200: ApplicantResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const row = await findApplicant(ctx.db, {
        clientId: request.tenant.id,
        applicantId: request.params.id,
      });
      // Another person's application is answered as missing, so ids cannot be probed.
      if (!row || !canSeeApplicant(requireUser(request), row.applicant))
        throw notFound('Application not found');
      return {
        applicant: {
          id: row.applicant.id,
          status: row.applicant.status,
          created_at: row.applicant.createdAt.toISOString(),
          application: { id: row.application.id, title: row.application.title },
        },
      };
    },
  );
}

const ApplicationResponseSchema = z.object({
  application: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    client_name: z.string(),
  }),
});

/** GET /api/applications/{id}: a public application form of this client. */
export async function applicationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/applications/:id',
    {
      schema: {
        tags: ['applicants'],
        params: idParams,
        response: { 200: ApplicationResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const row = await findOpenApplication(ctx.db, {
        clientId: request.tenant.id,
        applicationId: request.params.id,
      });
      if (!row) throw notFound('This application form does not exist or is closed');
      return {
        application: {
          id: row.id,
          title: row.title,
          description: row.description,
          client_name: request.tenant.client.name,
        },
      };
    },
  );
}
