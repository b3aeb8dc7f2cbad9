import {
  CreateReportExportRequestSchema,
  ErrorResponseSchema,
  ReportExportResponseSchema,
  ReportParamsSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { contentTypeOf, getOwnExport, presentExport, startReportExport } from './commands/export-report.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const ExportParamsSchema = ReportParamsSchema.extend({ id: z.uuid({ message: 'id must be an id' }) });

/** Report exports: start one (a background job), follow its progress, download its file (SPEC 7 blob). */
export async function reportExportsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/admin/reports/:report/exports',
    {
      schema: {
        tags: ['reporting'],
        params: ReportParamsSchema,
        body: CreateReportExportRequestSchema,
        response: { 202: ReportExportResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const started = await startReportExport(ctx, {
        clientId: request.tenant.id,
        userId: requireUser(request).id,
        report: request.params.report,
        body: request.body,
      });
      reply.status(202);
      return { export: started };
    },
  );

  r.get(
    '/api/admin/reports/:report/exports/:id',
    {
      schema: {
        tags: ['reporting'],
        params: ExportParamsSchema,
        response: { 200: ReportExportResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await getOwnExport(ctx, {
        clientId: request.tenant.id,
        userId: requireUser(request).id,
        ...request.params,
      });
      return { export: presentExport(row) };
    },
  );

  r.get(
    '/api/admin/reports/:report/exports/:id/file',
    { schema: { tags: ['reporting'], params: ExportParamsSchema } },
    async (request, reply) => {
      const row = await getOwnExport(ctx, {
        clientId: request.tenant.id,
        userId: requireUser(request).id,
        ...request.params,
      });
      const body = row.status === 'done' && row.storageKey ? await ctx.storage.get(row.storageKey) : null;
      if (!body) throw notFound('The file is not ready or has expired');
      const day = row.createdAt.toISOString().slice(0, 10);
      reply
        .header('content-type', contentTypeOf(row.format))
        .header('content-disposition', `attachment; filename="${row.report}-report-${day}.${row.format}"`)
        .header('cache-control', 'private, no-store');
      return reply.send(body);
    },
  );
}
