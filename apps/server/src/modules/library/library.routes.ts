import {
  CreativeResponseSchema,
  CreativesResponseSchema,
  ErrorResponseSchema,
  findPlaceholders,
  LibraryQuerySchema,
  OkResponseSchema,
  TemplateResponseSchema,
  TemplatesResponseSchema,
  UpdateCreativeRequestSchema,
  UpdateTemplateRequestSchema,
  UpsertCreativeRequestSchema,
  UpsertTemplateRequestSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { changesOf } from '../../lib/patch.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { presentCreative, presentTemplate } from '../activities/activities.content.ts';
import { findClientUpload } from '../uploads/uploads.service.ts';
import { manageLibrary } from './library.policy.ts';
import {
  archiveCreative,
  archiveTemplate,
  findCreative,
  findCreatives,
  findTemplate,
  findTemplates,
  insertCreative,
  insertTemplate,
  updateCreative,
  updateTemplate,
} from './library.repository.ts';

const params = z.object({ id: z.uuid({ message: 'id must be a library item id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** Every [[placeholder]] of the text is defined, and each definition is used and unique. */
function checkPlaceholders(body: string, placeholders: { id: string }[]) {
  const ids = placeholders.map((p) => p.id);
  if (new Set(ids).size !== ids.length) throw badRequest('Placeholder ids must be unique');
  const used = findPlaceholders(body);
  const undefinedOnes = used.filter((u) => !ids.includes(u));
  if (undefinedOnes.length)
    throw badRequest(`Placeholder [[${undefinedOnes[0]}]] is used in the text but not defined`);
  const unused = ids.filter((id) => !used.includes(id));
  if (unused.length) throw badRequest(`Placeholder ${unused[0]} is defined but not used in the text`);
}

/** The content library of templates and creatives (ADMIN only, SPEC 6). */
export async function libraryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', async (request) => authorize(manageLibrary(requireUser(request))));

  async function templateOr404(request: FastifyRequest, id: string) {
    const row = await findTemplate(ctx.db, { clientId: request.tenant.id, id });
    if (!row) throw notFound('Template not found');
    return row;
  }
  async function creativeOr404(request: FastifyRequest, id: string) {
    const row = await findCreative(ctx.db, { clientId: request.tenant.id, id });
    if (!row) throw notFound('Creative not found');
    return row;
  }

  r.get(
    '/api/admin/library/templates',
    {
      schema: {
        tags: ['library'],
        querystring: LibraryQuerySchema,
        response: { 200: TemplatesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await findTemplates(ctx.db, { clientId: request.tenant.id, search: request.query });
      return { templates: rows.map(presentTemplate) };
    },
  );

  r.post(
    '/api/admin/library/templates',
    {
      schema: {
        tags: ['library'],
        body: UpsertTemplateRequestSchema,
        response: { 201: TemplateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      checkPlaceholders(request.body.body, request.body.placeholders);
      const row = await insertTemplate(ctx.db, { clientId: request.tenant.id, template: request.body });
      reply.status(201);
      return { template: presentTemplate(row) };
    },
  );

  r.patch(
    '/api/admin/library/templates/:id',
    {
      schema: {
        tags: ['library'],
        params,
        body: UpdateTemplateRequestSchema,
        response: { 200: TemplateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const current = await templateOr404(request, request.params.id);
      const b = request.body;
      // The text and its placeholders must fit together, whichever of them changes.
      checkPlaceholders(b.body ?? current.body, b.placeholders ?? current.placeholders);
      const row = await updateTemplate(ctx.db, { clientId: request.tenant.id, id: current.id, changes: b });
      return { template: presentTemplate(row!) };
    },
  );

  r.delete(
    '/api/admin/library/templates/:id',
    { schema: { tags: ['library'], params, response: { 200: OkResponseSchema, ...errors } } },
    async (request) => {
      const current = await templateOr404(request, request.params.id);
      // Archived: activities that use it keep showing it.
      await archiveTemplate(ctx.db, { clientId: request.tenant.id, id: current.id });
      return { ok: true as const };
    },
  );

  r.get(
    '/api/admin/library/creatives',
    {
      schema: {
        tags: ['library'],
        querystring: LibraryQuerySchema,
        response: { 200: CreativesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await findCreatives(ctx.db, { clientId: request.tenant.id, search: request.query });
      return { creatives: rows.map(presentCreative) };
    },
  );

  async function creativeKind(request: FastifyRequest, url: string): Promise<'image' | 'video'> {
    const upload = await findClientUpload(ctx, request.tenant.id, url);
    if (!upload) throw badRequest('File must be uploaded to this app first');
    if (upload.contentType.startsWith('image/')) return 'image';
    if (upload.contentType.startsWith('video/')) return 'video';
    throw badRequest('A creative must be an image or a video');
  }

  r.post(
    '/api/admin/library/creatives',
    {
      schema: {
        tags: ['library'],
        body: UpsertCreativeRequestSchema,
        response: { 201: CreativeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const kind = await creativeKind(request, request.body.url);
      const row = await insertCreative(ctx.db, {
        clientId: request.tenant.id,
        creative: { ...request.body, kind },
      });
      reply.status(201);
      return { creative: presentCreative(row) };
    },
  );

  r.patch(
    '/api/admin/library/creatives/:id',
    {
      schema: {
        tags: ['library'],
        params,
        body: UpdateCreativeRequestSchema,
        response: { 200: CreativeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const current = await creativeOr404(request, request.params.id);
      const b = request.body;
      const kind = b.url === undefined ? undefined : await creativeKind(request, b.url);
      const changes = changesOf({ ...b, kind });
      if (!changes) return { creative: presentCreative(current) };
      const row = await updateCreative(ctx.db, { clientId: request.tenant.id, id: current.id, changes });
      return { creative: presentCreative(row!) };
    },
  );

  r.delete(
    '/api/admin/library/creatives/:id',
    { schema: { tags: ['library'], params, response: { 200: OkResponseSchema, ...errors } } },
    async (request) => {
      const current = await creativeOr404(request, request.params.id);
      await archiveCreative(ctx.db, { clientId: request.tenant.id, id: current.id });
      return { ok: true as const };
    },
  );
}
