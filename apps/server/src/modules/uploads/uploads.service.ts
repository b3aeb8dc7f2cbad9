import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Multipart } from '@fastify/multipart';
import { imageVariantName, parseImageVariantUrl, type UploadType } from '@rally/shared';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { uuidv7 } from 'uuidv7';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { type FileReader, MediaError, withFileReader } from './file-reader.ts';
import { type EncodedImage, encodeImage, putImage } from './image-variants.ts';
import { type ReceivedFile, receiveUpload, unsupportedType } from './receive-upload.ts';
import { checkUploadFields } from './upload-fields.ts';
import { IMAGE_BOX, KINDS_BY_TYPE, kindsForRole } from './uploads.policy.ts';
import { findUploadOfClient, insertUpload } from './uploads.repository.ts';
import { verifyGif } from './verify-gif.ts';
import { verifyMp4 } from './verify-mp4.ts';
import { verifyPdf } from './verify-pdf.ts';
import { verifyWebm } from './verify-webm.ts';

const FILE_URL = /^\/api\/files\/([0-9a-f-]{36})\.[a-z0-9]+$/;

/** Structure checks of the files stored as they are (images are decoded and re-encoded instead). */
const VERIFIERS: Readonly<Record<string, (reader: FileReader) => Promise<void>>> = {
  'video/mp4': verifyMp4,
  'video/quicktime': verifyMp4,
  'video/webm': verifyWebm,
  'application/pdf': verifyPdf,
};
const NOUNS = { image: 'image', video: 'video', pdf: 'PDF' } as const;
/** Temporary files older than this are leftovers of a crash: no upload takes a day. */
const STALE_TEMP_MS = 24 * 60 * 60_000;

/** Where uploads are received before they are checked: beside local storage, so storing them is a rename. */
export const uploadTmpDir = (ctx: AppContext) => join(ctx.config.dataDir, 'tmp', 'uploads');

/**
 * Receives the multipart upload (fields `type`, `objectId`, `file`) of a user, checks the file by its bytes and
 * its structure, resizes images, stores it and records it. Returns the public URL, served only on hosts of the
 * same client. Nothing is stored, and no temporary file is left, when anything is refused.
 */
export async function storeUpload(
  ctx: AppContext,
  parts: AsyncIterable<Multipart>,
  actor: { clientId: string; userId: string; role: string },
): Promise<string> {
  const tmpDir = uploadTmpDir(ctx);
  await mkdir(tmpDir, { recursive: true });
  const { fields, file } = await receiveUpload(parts, {
    tmpDir,
    checkFields: (received) => checkUploadFields(received, actor, { requireAll: false }),
    // A file sent before its type may be of any kind the user can upload; the type is checked when it comes.
    kindsFor: (received) =>
      received.type ? KINDS_BY_TYPE[received.type as UploadType] : kindsForRole(actor.role),
  });
  try {
    const type = checkUploadFields(fields, actor, { requireAll: true })!;
    if (!file) throw badRequest('file is required');
    if (!KINDS_BY_TYPE[type].includes(file.kind)) throw unsupportedType(type, KINDS_BY_TYPE[type]);
    const id = uuidv7();
    const stored = await storeFile(ctx, file, type, `${actor.clientId}/${id}`);
    await insertUpload(ctx.db, {
      id,
      clientId: actor.clientId,
      userId: actor.userId,
      type,
      objectId: fields.objectId!,
      key: stored.key,
      contentType: stored.mime,
      size: stored.size,
    });
    return `/api/files/${id}.${stored.ext}`;
  } finally {
    if (file) await rm(file.path, { force: true });
  }
}

/**
 * Images are decoded and re-encoded as WebP (animation kept) with narrower copies of stills beside them; videos and
 * PDFs are stored as sent once verified.
 */
async function storeFile(ctx: AppContext, file: ReceivedFile, type: UploadType, keyBase: string) {
  if (file.kind === 'image') {
    // The GIF decoder shows a cut-off GIF as far as it goes, so its blocks are walked first.
    if (file.mime === 'image/gif') await verifyStructure(file, verifyGif);
    const image = await reencodeImage(file.path, type);
    const key = `${keyBase}.webp`;
    await putImage(ctx.storage, key, image);
    return { key, ext: 'webp', mime: 'image/webp', size: image.body.length };
  }
  const verify = VERIFIERS[file.mime];
  if (!verify) throw unsupportedType(type, KINDS_BY_TYPE[type]);
  await verifyStructure(file, verify);
  const key = `${keyBase}.${file.ext}`;
  await ctx.storage.putFile(key, file.path, file.mime);
  return { key, ext: file.ext, mime: file.mime, size: file.size };
}

async function verifyStructure(file: ReceivedFile, verify: (reader: FileReader) => Promise<void>) {
  try {
    await withFileReader(file.path, verify);
  } catch (err) {
    if (!(err instanceof MediaError)) throw err;
    throw badRequest(`The ${NOUNS[file.kind]} could not be read: ${err.message}`, 'unreadable_file');
  }
}

async function reencodeImage(path: string, type: UploadType): Promise<EncodedImage> {
  try {
    return await encodeImage(path, IMAGE_BOX[type]);
  } catch {
    throw badRequest('The image could not be read: it may be damaged or truncated');
  }
}

/** Removes temporary upload files a crash left behind; run once at start. */
export async function removeStaleUploadFiles(ctx: AppContext, now = Date.now()): Promise<void> {
  const tmpDir = uploadTmpDir(ctx);
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  for (const name of names) {
    const path = join(tmpDir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_TEMP_MS) await rm(path, { force: true });
  }
}

/** How long browsers keep a stored file: its URL never names other bytes. */
const IMMUTABLE = 'private, max-age=31536000, immutable';
/** How long they keep an image sent for a width copy it lacks: a day, so copies made later are picked up. */
const FALLBACK = 'private, max-age=86400';

/**
 * Width copies known to be absent from storage (a narrow image's, an animation's, an upload's from before copies
 * were made), so that answering them with the image costs no second storage request. Bounded: a forgotten entry
 * only costs one storage miss.
 */
export type MissingVariants = LRUCache<string, true>;
export const createMissingVariants = (max = 10_000): MissingVariants => new LRUCache({ max });

/**
 * Sends a stored file of the client at `url`; false when it is not one of the client's files. A width copy's URL
 * (`/api/files/{id}-640w.webp`) is answered with the copy, or with the image itself when it has no such copy, so
 * a `srcset` never breaks a picture. `missing` remembers absent copies across requests.
 */
export async function serveUpload(
  ctx: AppContext,
  reply: FastifyReply,
  clientId: string,
  url: string,
  missing?: MissingVariants,
): Promise<boolean> {
  const variant = parseImageVariantUrl(url);
  const row = await findClientUpload(ctx, clientId, variant?.url ?? url);
  if (!row) return false;
  if (variant) {
    // Videos and PDFs have no width copies.
    if (row.contentType !== 'image/webp' || !row.key.endsWith('.webp')) return false;
    const key = imageVariantName(row.key, variant.width);
    const copy = missing?.has(key) ? null : await ctx.storage.get(key);
    if (copy) return send(reply, row.contentType, IMMUTABLE, copy);
    missing?.set(key, true);
  }
  const body = await ctx.storage.get(row.key);
  if (!body) return false;
  return send(reply, row.contentType, variant ? FALLBACK : IMMUTABLE, body);
}

function send(reply: FastifyReply, contentType: string, cacheControl: string, body: Buffer): true {
  reply.type(contentType).header('cache-control', cacheControl);
  reply.send(body);
  return true;
}

/** The client's upload behind a file URL, or undefined (not a file URL, unknown, or another client's). */
export async function findClientUpload(ctx: AppContext, clientId: string, url: string) {
  const id = FILE_URL.exec(url)?.[1];
  if (!id) return undefined;
  return findUploadOfClient(ctx.db, { clientId, id });
}
