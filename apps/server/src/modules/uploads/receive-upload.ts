import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { describeKinds, type FileKind, KIND_BY_MIME, MAX_BYTES, maxBytesOf } from './uploads.policy.ts';

/** A file received into a temporary file, its kind known from its first bytes. */
export interface ReceivedFile {
  /** The temporary file; whoever receives it removes it. */
  path: string;
  size: number;
  kind: FileKind;
  mime: string;
  ext: string;
}

export interface ReceiveOptions {
  /** Directory for the temporary file. */
  tmpDir: string;
  /** Checks the fields received so far; called after each one, so before the bytes of a file that follows. */
  checkFields(fields: Readonly<Record<string, string>>): void;
  /** Kinds of file acceptable given the fields received before the file. */
  kindsFor(fields: Readonly<Record<string, string>>): readonly FileKind[];
}

/** Bytes file-type looks at; the rest of a file is not accepted before they match an allowed kind. */
const SNIFF_BYTES = 4100;

/**
 * Reads the multipart fields and streams the one file part to a temporary file, never holding more than its first
 * few kilobytes in memory. The file is refused with 415 as soon as its first bytes are not of an allowed kind, and
 * with 413 as soon as it passes its kind's limit; either way reading stops there and nothing is left on disk.
 */
export async function receiveUpload(
  parts: AsyncIterable<Multipart>,
  opts: ReceiveOptions,
): Promise<{ fields: Record<string, string>; file?: ReceivedFile }> {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        opts.checkFields(fields);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.destroy();
        throw badRequest('The file must be sent in the field "file"');
      }
      file = await saveFile(part, opts.kindsFor(fields), fields.type, opts.tmpDir);
    }
  } catch (err) {
    if (file) await rm(file.path, { force: true });
    throw multipartError(err);
  }
  return { fields, file };
}

async function saveFile(
  part: MultipartFile,
  kinds: readonly FileKind[],
  type: string | undefined,
  tmpDir: string,
): Promise<ReceivedFile | undefined> {
  const path = join(tmpDir, `${randomUUID()}.part`);
  let limit = maxBytesOf(kinds);
  let size = 0;
  let head: Buffer[] = [];
  let sniffed: { kind: FileKind; mime: string; ext: string } | undefined;
  const sniff = async () => {
    const bytes = Buffer.concat(head);
    head = [];
    const detected = await fileTypeFromBuffer(bytes);
    const kind = detected ? KIND_BY_MIME[detected.mime] : undefined;
    if (!detected || !kind || !kinds.includes(kind)) throw unsupportedType(type, kinds);
    sniffed = { kind, mime: detected.mime, ext: detected.ext };
    limit = MAX_BYTES[kind];
    if (size > limit) throw tooLarge(kind);
    return bytes;
  };
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) return done(sniffed ? tooLarge(sniffed.kind) : tooLarge(undefined, limit));
      if (sniffed) return done(null, chunk);
      head.push(chunk);
      if (size < SNIFF_BYTES) return done();
      sniff().then((bytes) => done(null, bytes), done);
    },
    flush(done) {
      if (sniffed || size === 0) return done();
      sniff().then((bytes) => done(null, bytes), done);
    },
  });
  const out = createWriteStream(path);
  try {
    // On any error pipeline destroys the part's stream, which makes the multipart parser stop reading the body.
    await pipeline(part.file, check, out);
    if (part.file.truncated) throw tooLarge(sniffed?.kind, limit);
  } catch (err) {
    // The file opens asynchronously: an early refusal can come before it exists, so remove it once it is closed.
    if (!out.closed) await new Promise<void>((closed) => out.once('close', () => closed()));
    await rm(path, { force: true });
    throw err;
  }
  if (!sniffed) {
    // An empty file part is no file.
    await rm(path, { force: true });
    return undefined;
  }
  return { path, size, ...sniffed };
}

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

function tooLarge(kind: FileKind | undefined, limit = kind ? MAX_BYTES[kind] : 0): HttpError {
  const what = kind ? `${kind} files may be at most` : 'files may be at most';
  return new HttpError(413, `File is too large: ${what} ${megabytes(limit)}`, 'too_large');
}

/** The 415 for a file whose bytes are not of the kinds allowed (for the type, when it came first). */
export function unsupportedType(type: string | undefined, kinds: readonly FileKind[]): HttpError {
  const forType = type ? ` for ${type}` : '';
  return new HttpError(
    415,
    `This file type is not accepted${forType}: send ${describeKinds(kinds)}`,
    'unsupported_type',
  );
}

/** The multipart parser's limit errors, as answers that say what to send instead. */
function multipartError(err: unknown): unknown {
  switch ((err as { code?: string }).code) {
    case 'FST_FILES_LIMIT':
      return new HttpError(413, 'Send one file per upload', 'too_large');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest('Too many fields: send only file, type and objectId');
    default:
      return err;
  }
}
