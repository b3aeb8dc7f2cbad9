import {
  EraseUserRequestSchema,
  ErrorResponseSchema,
  OkResponseSchema,
  PersonalDataExportSchema,
  USER_IMPORT_MAX_BYTES,
  UserImportResponseSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { invitingClient } from './admin-users.routes.ts';
import { eraseUser } from './commands/erase-user.ts';
import { exportPersonalData } from './commands/export-personal-data.ts';
import { getImport, startImport } from './commands/import-invitations.ts';
import { handlePersonalData } from './personal-data.policy.ts';
import { changeUsers } from './users.policy.ts';

const idParams = z.object({ id: z.uuid({ message: 'id must be an id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const CsvBodySchema = z
  .string({ message: 'file must be a CSV sent as text/csv' })
  .min(1, 'file is empty: send a CSV with a header row');

const actorOf = (request: FastifyRequest) => ({ ...requireUser(request), clientId: request.tenant.id });
const isPersonalData = (url: string) => /\/(export|erase)(\?|$)/.test(url);

/**
 * CSV invitation import (ADMIN and ANALYST within SPEC 6; a background job whose progress GET …/imports/{id}
 * answers), and a member's personal data: export and erase (ADMIN).
 */
export async function userImportRoutes(app: FastifyInstance, ctx: AppContext) {
  // The CSV arrives as text; its size is limited while it streams in (413 past USER_IMPORT_MAX_BYTES).
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: USER_IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', async (request) => {
    const user = requireUser(request);
    authorize(isPersonalData(request.url) ? handlePersonalData(user) : changeUsers(user));
  });

  r.post(
    '/api/admin/users/imports',
    {
      bodyLimit: USER_IMPORT_MAX_BYTES,
      schema: {
        tags: ['admin'],
        consumes: ['text/csv'],
        body: CsvBodySchema,
        response: { 202: UserImportResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const started = await startImport(ctx, actorOf(request), invitingClient(request), request.body);
      reply.status(202);
      return { import: started };
    },
  );

  r.get(
    '/api/admin/users/imports/:id',
    { schema: { tags: ['admin'], params: idParams, response: { 200: UserImportResponseSchema, ...errors } } },
    async (request) => ({ import: await getImport(ctx, actorOf(request), request.params.id) }),
  );

  r.get(
    '/api/admin/users/:id/export',
    {
      schema: { tags: ['admin'], params: idParams, response: { 200: PersonalDataExportSchema, ...errors } },
    },
    async (request, reply) => {
      const data = await exportPersonalData(ctx, actorOf(request), request.params.id);
      reply.header('content-disposition', `attachment; filename="personal-data-${request.params.id}.json"`);
      return data;
    },
  );

  r.post(
    '/api/admin/users/:id/erase',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        body: EraseUserRequestSchema,
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    async (request) => {
      await eraseUser(ctx, actorOf(request), request.params.id, { log: request.log });
      return { ok: true as const };
    },
  );
}
