import {
  ApplicantResponseSchema,
  ApplicationResponseSchema,
  ApplyRequestSchema,
  ApplyResponseSchema,
  ErrorResponseSchema,
  UpdateAnswersRequestSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { notFound, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { startSession } from '../auth/sessions.ts';
import { presentUser } from '../users/users.presenter.ts';
import { getUserWithRelations } from '../users/users.repository.ts';
import { canSeeApplicant, editAnswers } from './applicants.policy.ts';
import { presentApplicant, presentPublicApplication } from './applicants.presenter.ts';
import { findApplicant, findOpenApplication } from './applicants.repository.ts';
import { submitApplication } from './commands/submit-application.ts';
import { changeAnswers } from './commands/update-answers.ts';

const HOUR = 3600_000;
const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** The client mails of this request go out for; links only on the client's own host (never the request's Host). */
export function mailClientOf(request: FastifyRequest) {
  const { client, id, isOwnHost, linkOrigin } = request.tenant;
  return { clientId: id, name: client.name, linkOrigin: isOwnHost && linkOrigin ? linkOrigin : null };
}

/** GET and PATCH /api/applicants/{id}: an applicant's own application (reviewers may read anyone's). */
export async function applicantsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function visibleApplicant(request: FastifyRequest, id: string) {
    const row = await findApplicant(ctx.db, { clientId: request.tenant.id, applicantId: id });
    // Another person's application is answered as missing, so ids cannot be probed.
    if (!row || !canSeeApplicant(requireUser(request), row.applicant))
      throw notFound('Application not found');
    return row;
  }

  r.get(
    '/api/applicants/:id',
    {
      schema: {
        tags: ['applicants'],
        params: idParams,
        response: { 200: ApplicantResponseSchema, ...errors },
      },
    },
    async (request) => ({
      applicant: presentApplicant(await visibleApplicant(request, request.params.id), requireUser(request)),
    }),
  );

  r.patch(
    '/api/applicants/:id',
    {
      schema: {
        tags: ['applicants'],
        params: idParams,
        body: UpdateAnswersRequestSchema,
        response: { 200: ApplicantResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await visibleApplicant(request, request.params.id);
      authorize(editAnswers(user, row.applicant));
      await changeAnswers(ctx, { clientId: request.tenant.id, row, answers: request.body.answers });
      return { applicant: presentApplicant(await visibleApplicant(request, row.applicant.id), user) };
    },
  );
}

/** GET /api/applications/{id} and POST /api/applications/{id}/applicants: public forms and applying. */
export async function applicationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/applications/:id',
    {
      schema: {
        tags: ['applicants'],
        params: idParams,
        response: { 200: ApplicationResponseSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const row = await findOpenApplication(ctx.db, {
        clientId: request.tenant.id,
        applicationId: request.params.id,
      });
      if (!row) throw notFound('This application form does not exist or is closed');
      return { application: presentPublicApplication(row, request.tenant.client.name) };
    },
  );

  r.post(
    '/api/applications/:id/applicants',
    {
      schema: {
        tags: ['applicants'],
        params: idParams,
        body: ApplyRequestSchema,
        response: { 201: ApplyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      if ((await ctx.limiter.hit(`apply:ip:${request.ip}`, HOUR)) > 10) {
        throw tooManyRequests('Too many applications from this address. Try again later.');
      }
      const clientId = request.tenant.id;
      const result = await submitApplication(ctx, mailClientOf(request), {
        applicationId: request.params.id,
        body: request.body,
      });
      const token = await startSession(ctx.db, ctx.config, request, reply, { id: result.userId, clientId });
      const row = await getUserWithRelations(ctx.db, { clientId, userId: result.userId });
      if (!row) throw unauthorized();
      reply.status(201);
      return {
        applicant_id: result.applicantId,
        status: result.status,
        user: presentUser(row, request.tenant.client),
        token,
      };
    },
  );
}
