import { IMAGE_QUALITY, type UploadType } from '@rally/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { uuidv7 } from 'uuidv7';
import type { AppContext } from '../../context.ts';
import { uploads } from '../../db/schema/index.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { describeKinds, IMAGE_BOX, KIND_BY_MIME, KINDS_BY_TYPE, MAX_BYTES } from './uploads.policy.ts';

const FILE_URL = /^\/api\/files\/([0-9a-f-]{36})\.[a-z0-9]+$/;

/**
 * Checks a file by its bytes, resizes images, stores it and records it.
 * Returns the public URL, served only on hosts of the same client.
 */
export async function storeUpload(
  ctx: AppContext,
  input: { clientId: string; userId: string; type: UploadType; objectId: string; body: Buffer },
): Promise<string> {
  const detected = await fileTypeFromBuffer(input.body);
  const kind = detected ? KIND_BY_MIME[detected.mime] : undefined;
  const allowed = KINDS_BY_TYPE[input.type];
  if (!detected || !kind || !allowed.includes(kind)) {
    throw new HttpError(
      415,
      `This file type is not accepted for ${input.type}: send ${describeKinds(allowed)}`,
      'unsupported_type',
    );
  }
  if (input.body.length > MAX_BYTES[kind]) {
    throw new HttpError(
      413,
      `File is too large: ${kind} files may be at most ${MAX_BYTES[kind] / 1024 / 1024} MB`,
      'too_large',
    );
  }
  let body = input.body;
  let mime = detected.mime;
  let ext = detected.ext;
  if (kind === 'image' && mime !== 'image/gif') {
    const box = IMAGE_BOX[input.type];
    try {
      body = await sharp(input.body, { limitInputPixels: 80_000_000 })
        .rotate()
        .resize({ width: box.size, height: box.size, fit: box.fit, withoutEnlargement: true })
        .webp({ quality: IMAGE_QUALITY })
        .toBuffer();
    } catch {
      throw badRequest('The image could not be read: it may be damaged or truncated');
    }
    mime = 'image/webp';
    ext = 'webp';
  }
  const id = uuidv7();
  const key = `${input.clientId}/${id}.${ext}`;
  await ctx.storage.put(key, body, mime);
  await ctx.db.insert(uploads).values({
    id,
    clientId: input.clientId,
    userId: input.userId,
    type: input.type,
    objectId: input.objectId,
    key,
    contentType: mime,
    size: body.length,
  });
  return `/api/files/${id}.${ext}`;
}

/** Sends a stored file of the client at `url`; false when it is not one of the client's files. */
export async function serveUpload(
  ctx: AppContext,
  reply: FastifyReply,
  clientId: string,
  url: string,
): Promise<boolean> {
  const id = FILE_URL.exec(url)?.[1];
  if (!id) return false;
  const [row] = await ctx.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.clientId, clientId)))
    .limit(1);
  if (!row) return false;
  const body = await ctx.storage.get(row.key);
  if (!body) return false;
  reply.type(row.contentType).header('cache-control', 'private, max-age=31536000, immutable');
  reply.send(body);
  return true;
}

/** The client's upload behind a file URL, or undefined (not a file URL, unknown, or another client's). */
export async function findClientUpload(ctx: AppContext, clientId: string, url: string) {
  const id = FILE_URL.exec(url)?.[1];
  if (!id) return undefined;
  const [row] = await ctx.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.clientId, clientId)))
    .limit(1);
  return row;
}
