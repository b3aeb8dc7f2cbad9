import { ErrorResponseSchema, UploadResponseSchema } from '@rally/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound, tooManyRequests } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { createUploadSlots, hitUploadRate, type UploadRefusal } from './upload-admission.ts';
import { MAX_BYTES } from './uploads.policy.ts';
import {
  createMissingVariants,
  removeStaleUploadFiles,
  serveUpload,
  storeUpload,
} from './uploads.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  413: ErrorResponseSchema,
  415: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** Parser limits; the per-kind size limit is enforced while the file streams in, this one only backs it up. */
const MULTIPART_LIMITS = {
  fileSize: Math.max(...Object.values(MAX_BYTES)) + 1,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 8,
};
/** Bytes of a refused body still read (and dropped) while the answer is written, before the socket is closed. */
const DRAIN_BYTES = 1024 * 1024;

/** POST /api/upload (multipart: type, objectId = client id, then file). */
export async function uploadsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const slots = createUploadSlots();
  void removeStaleUploadFiles(ctx).catch(() => {});
  r.post(
    '/api/upload',
    {
      schema: {
        tags: ['uploads'],
        consumes: ['multipart/form-data'],
        response: { 200: UploadResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw badRequest('Send the file as multipart/form-data with fields file, type and objectId');
      const user = requireUser(request);
      const overQuota = await hitUploadRate(ctx.limiter, user.id);
      if (overQuota) refuse(request, reply, overQuota);
      const free = slots.take(user.id);
      if (typeof free !== 'function') refuse(request, reply, free);
      try {
        const url = await storeUpload(ctx, request.parts({ limits: MULTIPART_LIMITS }), {
          clientId: request.tenant.id,
          userId: user.id,
          role: user.role,
        });
        return { url, message: 'File uploaded' };
      } catch (err) {
        stopReading(request, reply);
        throw err;
      } finally {
        free();
      }
    },
  );
}

/** Throws 429 with the seconds to wait; the body is not read. */
function refuse(request: FastifyRequest, reply: FastifyReply, refusal: UploadRefusal): never {
  stopReading(request, reply);
  throw tooManyRequests(refusal.message, refusal.retryAfterSeconds);
}

/**
 * After a refusal the rest of the body is not wanted: it is detached from the parser, at most DRAIN_BYTES more are
 * read and dropped (so the answer is written while the client still sends), and the connection is closed after the
 * answer, which stops a client from pushing the remaining megabytes.
 */
function stopReading(request: FastifyRequest, reply: FastifyReply) {
  const body = request.raw;
  if (body.readableEnded) return;
  reply.header('connection', 'close');
  body.unpipe();
  let budget = DRAIN_BYTES;
  body.on('data', (chunk: Buffer) => {
    budget -= chunk.length;
    if (budget <= 0) body.pause();
  });
}

/**
 * GET /api/files/{id}.{ext}: public files, served only on the owning client's hosts; an image's width copies at
 * /api/files/{id}-{width}w.webp (the image itself when it has no such copy).
 */
export async function filesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const missing = createMissingVariants();
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
      if (!(await serveUpload(ctx, reply, request.tenant.id, `/api/files/${request.params.name}`, missing))) {
        throw notFound('File not found');
      }
      return reply;
    },
  );
}
