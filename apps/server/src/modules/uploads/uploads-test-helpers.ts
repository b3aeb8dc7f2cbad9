import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { AppContext } from '../../context.ts';

/** A multipart body; fields are sent in the given order, the file (when given) after `type` and `objectId`. */
export function form(fields: {
  type?: string;
  objectId?: string;
  file?: Buffer;
  fileName?: string;
  fileField?: string;
  isFileFirst?: boolean;
}) {
  const body = new FormData();
  const appendFile = () => {
    if (fields.file) {
      body.append(fields.fileField ?? 'file', new Blob([fields.file]), fields.fileName ?? 'upload.bin');
    }
  };
  if (fields.isFileFirst) appendFile();
  if (fields.type !== undefined) body.append('type', fields.type);
  if (fields.objectId !== undefined) body.append('objectId', fields.objectId);
  if (!fields.isFileFirst) appendFile();
  return body;
}

/**
 * A multipart body produced only as the server reads it: the `before` fields, a file of `size` bytes starting with
 * `head` (then filler), and the `after` fields. `pulled` counts the file bytes the server has asked for; when
 * `hold` is given, the body stops after the first MB until it settles.
 */
export function streamedForm(opts: {
  before?: Record<string, string>;
  head: Buffer;
  size: number;
  after?: Record<string, string>;
  hold?: Promise<void>;
}) {
  const boundary = `rally-${randomUUID()}`;
  const fields = (values: Record<string, string> = {}) =>
    Object.entries(values)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('');
  const state = { pulled: 0 };
  async function* body() {
    yield Buffer.from(
      `${fields(opts.before)}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    state.pulled += opts.head.length;
    yield opts.head;
    const filler = Buffer.alloc(64 * 1024, 0x41);
    while (state.pulled < opts.size) {
      if (opts.hold && state.pulled >= 1024 * 1024) await opts.hold;
      const length = Math.min(filler.length, opts.size - state.pulled);
      state.pulled += length;
      yield filler.subarray(0, length);
    }
    yield Buffer.from(`\r\n${fields(opts.after)}--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(body(), { objectMode: false }),
    contentType: `multipart/form-data; boundary=${boundary}`,
    state,
  };
}

/** Files under a directory and its subdirectories (none when it does not exist). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Files in local upload storage. */
export const storedFiles = (ctx: AppContext) => filesUnder(join(ctx.config.dataDir, 'uploads'));
/** Temporary files of uploads in progress (or left behind). */
export const tempFiles = (ctx: AppContext) => filesUnder(join(ctx.config.dataDir, 'tmp'));

/** Resolves once `isDone` holds, checking every 10 ms for at most 10 s. */
export async function waitFor(isDone: () => boolean): Promise<void> {
  for (let waited = 0; !isDone(); waited += 10) {
    if (waited > 10_000) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
