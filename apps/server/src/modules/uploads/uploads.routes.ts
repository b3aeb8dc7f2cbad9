import {
  ErrorResponseSchema,
  UPLOAD_TYPES,
  UPLOAD_VIDEO_MAX_BYTES,
  UploadResponseSchema,
  type UploadType,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden, HttpError, notFound, tooManyRequests } from '../../lib/errors.ts';
import { ADMIN_UPLOAD_TYPES } from './uploads.policy.ts';
import { serveUpload, storeUpload } from './uploads.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  413: ErrorResponseSchema,
  415: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** POST /api/upload (multipart file, type, objectId = client id). */
export async function uploadsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/upload',
    {
      schema: {
        tags: ['uploads'],
        consumes: ['multipart/form-data'],
        response: { 200: UploadResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw badRequest('Send the file as multipart/form-data with fields file, type and objectId');
      if ((await ctx.limiter.hit(`upload:${request.user!.id}`, 60_000)) > 30) {
        throw tooManyRequests('Too many uploads in a minute. Wait a moment and try again.');
      }
      const fields: Record<string, string> = {};
      let body: Buffer | undefined;
      for await (const part of request.parts({
        limits: { fileSize: UPLOAD_VIDEO_MAX_BYTES, files: 1, fields: 5 },
      })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file') throw badRequest('The file must be sent in the field "file"');
          // Fields sent before the file (as the app does) are checked before its bytes are read.
          checkFields(fields, request, { requireAll: false });
          body = await part.toBuffer();
          if (part.file.truncated) throw new HttpError(413, 'File is too large', 'too_large');
        } else {
          fields[part.fieldname] = String(part.value);
        }
      }
      const type = checkFields(fields, request, { requireAll: true })!;
      if (!body || body.length === 0) throw badRequest('file is required');
      const url = await storeUpload(ctx, {
        clientId: request.tenant.id,
        userId: request.user!.id,
        type,
        objectId: fields.objectId!,
        body,
      });
      return { url, message: 'File uploaded' };
    },
  );
}

/** GET /api/files/{id}.{ext}: public files, served only on the owning client's hosts. */
export async function filesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/files/:name',
    {
      schema: {
        tags: ['uploads'],
        params: z.object({ name: z.string().max(60) }),
        response: { 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      if (!(await serveUpload(ctx, reply, request.tenant.id, `/api/files/${request.params.name}`))) {
        throw notFound('File not found');
      }
      return reply;
    },
  );
}

/** Checks the type and objectId fields (those present, or all when `requireAll`) and the user's right to the type. */
function checkFields(
  fields: Record<string, string>,
  request: FastifyRequest,
  opts: { requireAll: boolean },
): UploadType | undefined {
  const type = fields.type as UploadType | undefined;
  if (type === undefined) {
    if (opts.requireAll) throw badRequest('type is required');
  } else {
    if (!(UPLOAD_TYPES as readonly string[]).includes(type)) {
      throw badRequest(`type must be one of ${UPLOAD_TYPES.join(', ')}`);
    }
    if (ADMIN_UPLOAD_TYPES.has(type) && request.user!.role !== 'ADMIN') {
      throw forbidden(`Only admins may upload ${type} files`);
    }
  }
  if (fields.objectId === undefined) {
    if (opts.requireAll) throw badRequest('objectId is required');
  } else if (fields.objectId !== request.tenant.id) {
    throw forbidden('objectId must be the id of this app’s client');
  }
  return type;
}
