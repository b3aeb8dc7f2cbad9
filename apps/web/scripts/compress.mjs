#!/usr/bin/env node
/**
 * Writes a Brotli (quality 11) and a gzip (level 9) copy beside every text file of the built web app
 * (`file.js` → `file.js.br`, `file.js.gz`), which the server sends to browsers that accept them
 * (apps/server/src/modules/web/web.routes.ts). Run after `vite build`; the directory defaults to ../dist.
 * Files under MIN_BYTES gain little (they fit one packet either way) and source maps are skipped (never
 * fetched by users). Only node:zlib; a few files at once on zlib's thread pool.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;
const PARALLEL = 4;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Compresses the text files of dir (recursively); answers what it wrote. */
export async function compressDir(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && TEXT.test(e.name))
    .map((e) => join(e.parentPath ?? e.path, e.name));
  const written = [];
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      const body = await readFile(file);
      if (body.length < MIN_BYTES) continue;
      const [br, gzipped] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gz(body, { level: 9 }),
      ]);
      // A copy that saves nothing is left out: the server then sends the file itself.
      await Promise.all([
        br.length < body.length && writeFile(`${file}.br`, br),
        gzipped.length < body.length && writeFile(`${file}.gz`, gzipped),
      ]);
      written.push({ file, size: body.length, br: br.length, gzip: gzipped.length });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
  const started = performance.now();
  const written = await compressDir(dir);
  const sum = (key) => written.reduce((total, w) => total + w[key], 0);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `compressed ${written.length} files in ${((performance.now() - started) / 1000).toFixed(1)}s: ` +
      `${kb(sum('size'))} → br ${kb(sum('br'))}, gzip ${kb(sum('gzip'))}`,
  );
}
