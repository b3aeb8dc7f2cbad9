import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SESSION_COOKIE, SESSION_HINT_META } from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';

const COMPRESS_SCRIPT = fileURLToPath(new URL('../../../../web/scripts/compress.mjs', import.meta.url));
// Text like a bundle: compressible, above the script's 1 KB floor.
const script = (name: string) =>
  Array.from({ length: 200 }, (_, i) => `export const ${name}${i} = () => "${name} ${i}";`).join('\n');
const APP_JS = script('app');
const LATE_JS = script('late');

let dist: string;
let t: TestApp;
let web: FastifyInstance;
beforeAll(async () => {
  // A built web app: the script compresses what vite wrote; a file added afterwards has no copies.
  dist = mkdtempSync(join(tmpdir(), 'rally-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><!--rally-head--></head><body></body></html>',
  );
  writeFileSync(join(dist, 'assets/app-abc123.js'), APP_JS);
  writeFileSync(join(dist, 'assets/app-abc123.js.map'), JSON.stringify({ mappings: 'A'.repeat(4096) }));
  writeFileSync(join(dist, 'assets/tiny-abc123.js'), 'export const tiny = 1;');
  writeFileSync(join(dist, 'assets/logo-abc123.png'), Buffer.alloc(4096, 7));
  execFileSync(process.execPath, [COMPRESS_SCRIPT, dist], { stdio: 'pipe' });
  writeFileSync(join(dist, 'assets/late-abc123.js'), LATE_JS);

  t = await buildTestApp({ WEB_DIST: dist });
  web = await buildApp(t.ctx, { logger: false });
  await web.ready();
});
afterAll(async () => {
  await web?.close();
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  web.inject({
    url,
    headers: {
      host: DEMO_HOST,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });

describe('apps/web/scripts/compress.mjs', () => {
  it('writes a Brotli and a gzip copy of each text file of 1 KB or more, of the same content', () => {
    const file = join(dist, 'assets/app-abc123.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(APP_JS);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(APP_JS);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(APP_JS.length / 4);
  });

  it('leaves small files, source maps and binary files without copies', () => {
    for (const name of ['tiny-abc123.js', 'app-abc123.js.map', 'logo-abc123.png']) {
      expect(existsSync(join(dist, 'assets', `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dist, 'assets', `${name}.gz`)), name).toBe(false);
    }
  });
});

describe('GET of a built file', () => {
  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['br;q=0, gzip', 'gzip', gunzipSync],
    ['gzip;q=0.5, br;q=0.8', 'br', brotliDecompressSync],
  ])('sends the precompressed copy the request accepts (%s → %s)', async (accept, encoding, decode) => {
    const res = await get('/assets/app-abc123.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(res.rawPayload).toString()).toBe(APP_JS);
  });

  it.each([undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0'])(
    'sends the file as it is when no copy is accepted (%s)',
    async (accept) => {
      const res = await get('/assets/app-abc123.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['content-length']).toBe(String(APP_JS.length));
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body).toBe(APP_JS);
    },
  );

  it('sends the file as it is when it has no precompressed copy, without compressing it per request', async () => {
    for (const [url, body] of [
      ['/assets/late-abc123.js', LATE_JS],
      ['/assets/tiny-abc123.js', 'export const tiny = 1;'],
    ] as const) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.body, url).toBe(body);
    }
    const png = await get('/assets/logo-abc123.png', 'br, gzip');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.rawPayload.equals(Buffer.alloc(4096, 7))).toBe(true);
  });

  it('answers 404 as before for a missing asset and an unknown API route, whatever the encoding', async () => {
    for (const accept of [undefined, 'br, gzip']) {
      const asset = await get('/assets/missing-abc123.js', accept);
      expect(asset.statusCode).toBe(404);
      expect(asset.headers['content-encoding']).toBeUndefined();
      expect(asset.json()).toEqual({ message: 'No file /assets/missing-abc123.js' });
      const api = await get('/api/nothing-here', accept);
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ message: 'No route GET /api/nothing-here' });
      // A SCIM address nobody serves is no page of the app either.
      const scim = await get('/scim/v2/Nothing', accept);
      expect(scim.statusCode).toBe(404);
      expect(scim.json()).toEqual({ message: 'No route GET /scim/v2/Nothing' });
    }
  });

  it('renders index.html per client, uncompressed and never cached', async () => {
    for (const url of ['/', '/projects/123']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Demo</title>');
    }
  });

  it('marks the page of a request with a valid session cookie of this client, and only that one', async () => {
    const hint = `<meta name="${SESSION_HINT_META}"`;
    const page = (cookie?: string, host = DEMO_HOST) =>
      web.inject({ url: '/projects', headers: { host, ...(cookie ? { cookie } : {}) } });
    const demo = await t.login('member@demo.test');
    const acme = await t.login('member@acme.test');
    expect((await page()).body).not.toContain(hint);
    expect((await page(`${SESSION_COOKIE}=${demo}`)).body).toContain(hint);
    // Expired or unknown, or another client's: the visitor is logged out here, and the page asks nothing.
    expect((await page(`${SESSION_COOKIE}=not-a-session`)).body).not.toContain(hint);
    expect((await page(`${SESSION_COOKIE}=${acme}`)).body).not.toContain(hint);
    expect((await page(`${SESSION_COOKIE}=${acme}`, ACME_HOST)).body).toContain(`${hint} content="page">`);
    // Only the session is asked where the page's data is not the viewer's: an applicant's, Acme's (absent) feed.
    const applicant = await t.login('applicant@demo.test');
    expect((await page(`${SESSION_COOKIE}=${applicant}`)).body).toContain(`${hint} content="me">`);
    const feed = (cookie: string, host: string) =>
      web.inject({ url: '/community/feed', headers: { host, cookie } });
    expect((await feed(`${SESSION_COOKIE}=${acme}`, ACME_HOST)).body).toContain(`${hint} content="me">`);
    expect((await feed(`${SESSION_COOKIE}=${demo}`, DEMO_HOST)).body).toContain(`${hint} content="page">`);
  });
});
