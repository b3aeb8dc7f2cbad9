import { AuditQuerySchema, AuditResponseSchema, ErrorResponseSchema } from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { seeAudit } from './audit.policy.ts';
import { presentAuditEntry } from './audit.presenter.ts';
import { findAudit } from './audit.repository.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** The admin Audit log (ADMIN only): the client's audit rows, newest first, by action and actor. */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', async (request) => authorize(seeAudit(requireUser(request))));

  r.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        querystring: AuditQuerySchema,
        response: { 200: AuditResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, nextCursor } = await findAudit(ctx.db, {
        clientId: request.tenant.id,
        query: request.query,
      });
      return { entries: rows.map(presentAuditEntry), next_cursor: nextCursor };
    },
  );
}
